/**
 * Client-side decoration of accounts for the dashboard cards
 * (docs/contract.md §7.1: "decorated on the client with color, textColor, vector"). Four
 * styles rotate by the account's position in the list, so a card keeps its
 * colour when it is brought to the front.
 */
import type { Account } from '../../api/types'

export interface CardStyle {
  color: string
  textColor: string
  /** Background pattern drawn over the colour. */
  vector: string
}

const ring = (stroke: string) =>
  `url("data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns='http://www.w3.org/2000/svg' width='220' height='220' viewBox='0 0 220 220'><circle cx='190' cy='30' r='90' fill='none' stroke='${stroke}' stroke-width='26'/><circle cx='200' cy='200' r='60' fill='${stroke}'/></svg>`,
  )}")`

export const CARD_STYLES: CardStyle[] = [
  { color: 'linear-gradient(135deg, #0B6E4F 0%, #0E8A62 100%)', textColor: '#FFFFFF', vector: ring('rgba(255,255,255,0.10)') },
  { color: 'linear-gradient(135deg, #1D3557 0%, #2F5D8A 100%)', textColor: '#FFFFFF', vector: ring('rgba(255,255,255,0.10)') },
  { color: 'linear-gradient(135deg, #F2C94C 0%, #E5A823 100%)', textColor: '#2B2100', vector: ring('rgba(255,255,255,0.25)') },
  { color: 'linear-gradient(135deg, #5B2A86 0%, #8E4EC6 100%)', textColor: '#FFFFFF', vector: ring('rgba(255,255,255,0.10)') },
]

export type DecoratedAccount = Account & CardStyle

export function decorateAccounts(accounts: Account[]): DecoratedAccount[] {
  return accounts.map((account, index) => ({ ...account, ...CARD_STYLES[index % CARD_STYLES.length] }))
}

/** Dropdown label form used across the app: "{accountTypeName} ({accountNumber})". */
export function accountOptionLabel(account: Pick<Account, 'accountTypeName' | 'accountNumber'>): string {
  return `${account.accountTypeName} (${account.accountNumber})`
}
