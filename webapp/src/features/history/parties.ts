/** How the other party of a history line reads: a name, else the readable narration; never a ledger code. */
import type { Transaction } from './types'

/** The headline of a row: the other party's name, else the (readable) narration. */
export function headlineOf(t: Pick<Transaction, 'counterpartyName' | 'narration'>): string {
  return t.counterpartyName?.trim() || t.narration
}

/** Internal ledger codes (settlement GLs, holds, seeds) are bank plumbing, never for the customer. */
const LEDGER_CODE = /^(GL-|HOLD-|SEED-)|[A-Z]+_[A-Z_]+\//

/** The value, or "—" when it is missing or an internal ledger code that slipped through. */
export function readable(value: string | null | undefined): string {
  return value && !LEDGER_CODE.test(value) ? value : '—'
}
