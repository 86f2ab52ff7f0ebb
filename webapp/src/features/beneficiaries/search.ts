/** The beneficiary table's search: name, bank, account name or number, any case. */
import type { Beneficiary } from '../../store/beneficiaries/types'

export function matchesSearch(beneficiary: Beneficiary, search: string): boolean {
  const needle = search.trim().toLowerCase()
  if (!needle) return true
  return [beneficiary.beneficiaryName, beneficiary.bankName, beneficiary.accountName, beneficiary.accountNumber].some(
    (value) => value.toLowerCase().includes(needle),
  )
}
