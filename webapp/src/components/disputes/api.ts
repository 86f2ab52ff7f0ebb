/** The dispute and freeze calls (docs/contract.md §14.4a, §15.6–15.7), shared by every screen that offers them. */
import type { Endpoint } from '../../api/client'
import type { components } from '../../api/schema'

type Schemas = components['schemas']
export type Dispute = Schemas['DisputeOut']
export type DisputeDetail = Schemas['DisputeDetailOut']
export type DisputeCreated = Schemas['DisputeCreatedOut']
export type DisputeRequest = Schemas['DisputeIn']
export type FreezeState = Schemas['FreezeOut']

export const disputesEndpoint = (paymentReference?: string): Endpoint<Dispute[]> => ({
  method: 'GET',
  path: '/api/disputes',
  query: { paymentReference },
})

export const reportEndpoint = (body: DisputeRequest): Endpoint<DisputeCreated> => ({
  method: 'POST',
  path: '/api/disputes',
  body,
  // Attachments travel as base64: allow a slow line more time, as tickets do.
  timeoutMs: 120_000,
})

export const freezeStateEndpoint = (): Endpoint<FreezeState> => ({ method: 'GET', path: '/api/ibanking/personal/freeze' })

export const freezeEndpoint = (): Endpoint<FreezeState> => ({ method: 'POST', path: '/api/ibanking/personal/freeze' })

export type UnfreezeRequest = Schemas['UnfreezeIn']
export type CodeSent = Schemas['CodeSentOut']
export type Message = Schemas['MessageOut']

export const unfreezeEndpoint = (body: UnfreezeRequest): Endpoint<CodeSent | Message> => ({
  method: 'POST',
  path: '/api/ibanking/personal/unfreeze',
  body,
})
