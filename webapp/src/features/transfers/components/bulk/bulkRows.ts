/** A bulk transfer's rows as the page keeps them: the CSV fields and a stable id. */
import type { BulkCsvRow } from '../../bulkCsv'

export interface BulkRow extends BulkCsvRow {
  id: number
}

/** The payee look-up key of a row (store/payees keys look-ups by the asking form). */
export const lookupKeyOf = (row: BulkRow) => `bulk-${row.id}`

/** The values of the add-a-row form. */
export interface BulkRowValues {
  destinationBankCode: string
  accountNumber: string
  amount: number
  description?: string
}
