/** The beneficiary table's search: name, bank, account name or number, any case. */
import type { Beneficiary } from './types'

export function matchesSearch(beneficiary: Beneficiary, search: string): boolean {
  const needle = search.trim().toLowerCase()
  if (!needle) return true
  return [beneficiary.beneficiaryName, beneficiary.bankName, beneficiary.accountName, beneficiary.accountNumber].some(
    (value) => value.toLowerCase().includes(needle),
  )
}
