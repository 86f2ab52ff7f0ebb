/**
 * Bulk transfer rows from CSV text: one row per line with
 * `account, bank code, amount, narration`. A header line is skipped, quoted
 * fields may hold commas, a blank bank code means Kobo. Each bad line is
 * reported by its line number and nothing from it is kept.
 */
import { hasAtMostTwoDecimals } from '../../lib/amount'
import { KOBO_BANK_CODE } from '../../lib/bank'
import { AMOUNT_DECIMALS, AMOUNT_POSITIVE } from '../../lib/amount'
import { ACCOUNT_NUMBER_LENGTH } from '../../store/payees/texts'

export interface BulkCsvRow {
  accountNumber: string
  bankCode: string
  amount: number
  description: string
}

export interface BulkCsvResult {
  rows: BulkCsvRow[]
  errors: string[]
}

/** Splits one CSV line, honouring double quotes ("" inside quotes is a quote). */
export function splitCsvLine(line: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i]
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"'
        i += 1
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',' || ch === ';' || ch === '\t') {
      cells.push(cell.trim())
      cell = ''
    } else cell += ch
  }
  cells.push(cell.trim())
  return cells
}

const isHeader = (cells: string[]) => /account/i.test(cells[0] ?? '') && !/\d{6,}/.test(cells[0] ?? '')

export function parseBulkCsv(text: string, knownBankCodes?: Iterable<string>): BulkCsvResult {
  const banks = knownBankCodes ? new Set(knownBankCodes) : null
  const rows: BulkCsvRow[] = []
  const errors: string[] = []
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)
  lines.forEach((raw, index) => {
    const lineNo = index + 1
    if (!raw.trim()) return
    const cells = splitCsvLine(raw)
    if (index === 0 && isHeader(cells)) return
    const [accountNumber = '', bankCell = '', amountCell = '', ...rest] = cells
    const bankCode = bankCell.replace(/\s/g, '') || KOBO_BANK_CODE
    const description = rest.join(', ').trim()
    if (!/^\d{10}$/.test(accountNumber)) {
      errors.push(`Line ${lineNo}: ${ACCOUNT_NUMBER_LENGTH}`)
      return
    }
    if (banks && !banks.has(bankCode)) {
      errors.push(`Line ${lineNo}: unknown bank code ${bankCode}`)
      return
    }
    const cleaned = amountCell.replace(/[₦,\s]/g, '')
    const amount = Number(cleaned)
    if (!cleaned || !Number.isFinite(amount)) {
      errors.push(`Line ${lineNo}: Amount is required`)
      return
    }
    if (!(amount > 0)) {
      errors.push(`Line ${lineNo}: ${AMOUNT_POSITIVE}`)
      return
    }
    if (!hasAtMostTwoDecimals(amount)) {
      errors.push(`Line ${lineNo}: ${AMOUNT_DECIMALS}`)
      return
    }
    rows.push({ accountNumber, bankCode, amount, description })
  })
  return { rows, errors }
}

export const CSV_TEMPLATE = `account,bank code,amount,narration\n1020000218,${KOBO_BANK_CODE},2500.00,Lunch\n9000000014,000013,10000,Rent share\n`
