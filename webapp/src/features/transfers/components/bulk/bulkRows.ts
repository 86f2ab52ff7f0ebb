/** A bulk transfer's rows as the page keeps them: the CSV fields and a stable id. */
import type { BulkCsvRow } from '../../bulkCsv'
import type { BulkResult } from '../../../../api/transferTypes'

export interface BulkRow extends BulkCsvRow {
  id: number
}

/** The values of the add-a-row form. */
export interface BulkRowValues {
  destinationBankCode: string
  accountNumber: string
  amount: number
  description?: string
}

/** What the summary says under the server's message: the counts (unless the message is
 * already them) and what a failed or pending row means for the customer's money. */
export function summaryLines(result: BulkResult): string[] {
  const counts = `${result.completed} completed, ${result.pending} pending, ${result.failed} failed`
  return [
    ...(result.message === counts ? [] : [counts]),
    ...(result.failed > 0 ? ['A failed row moved no money: its reason is in the Result column.'] : []),
    ...(result.pending > 0 ? ['A pending row finishes by itself: Transaction History shows how it ends.'] : []),
  ]
}
