/** Wire types of the savings calls (docs/contract.md §17), from the BFF's OpenAPI document. */
import type { components } from '../../api/schema'

type Schemas = components['schemas']

export type Savings = Schemas['SavingsOut']
export type Pocket = Schemas['PocketOut']
export type SavingsProduct = Schemas['ProductOut']
export type OpenPocketRequest = Schemas['OpenPocketIn']
export type MoveRequest = Schemas['MoveIn']
export type BreakRequest = Schemas['BreakIn']
export type BreakCodeSent = Schemas['BreakCodeSentOut']
export type Broken = Schemas['BrokenOut']
export type AutoSaveRequest = Schemas['AutoSaveIn']
export type Direction = 'top-up' | 'withdraw'

/** A pocket's own history (GET /api/savings/pockets/{id}/transactions): §12's page of lines,
 * newest first; top-ups and interest are credits to the pocket, withdrawals and tax debits. */
export type PocketMovement = Schemas['TransactionOut']
export interface PocketMovements {
  content: PocketMovement[]
  totalElements: number
  page: number
  size: number
}
export interface MovementsQuery {
  id: number
  page: number
  size: number
}
