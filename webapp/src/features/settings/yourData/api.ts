/** The customer's data rights calls (docs/contract.md §14.6). */
import type { Endpoint } from '../../../api/client'
import type { components } from '../../../api/schema'
import type { PasskeyAssertion, PasskeyOptions } from '../../../api/types'

type Schemas = components['schemas']
export type ProcessingRecord = Schemas['RecordOut']
export type DataExport = Schemas['ExportOut']
export type ExportRequested = Schemas['ExportRequestedOut']
export type ExportCodeSent = Schemas['ApprovalCodeSentOut']
export type Consents = Schemas['ConsentsOut']
export type DataRequest = Schemas['DataRequestOut']
export type DataRequestCreated = Schemas['DataRequestCreatedOut']
export interface ConsentChange {
  channel: 'SMS' | 'EMAIL'
  given: boolean
}
export interface NewDataRequest {
  kind: 'CORRECTION' | 'ERASURE'
  details: string
}

const BASE = '/api/privacy'

export const recordEndpoint = (): Endpoint<ProcessingRecord> => ({ method: 'GET', path: `${BASE}/record` })
export const exportsEndpoint = (): Endpoint<DataExport[]> => ({ method: 'GET', path: `${BASE}/exports` })

/** Without an approval a code is sent (202); with the code or a passkey the copy is asked for (201). */
export const askForExportEndpoint = (approval: { otp: string } | { passkey: PasskeyAssertion } | null): Endpoint<ExportRequested | ExportCodeSent> => ({
  method: 'POST',
  path: `${BASE}/exports`,
  body: approval ?? {},
})

export const exportPasskeyOptionsEndpoint = (): Endpoint<PasskeyOptions> => ({ method: 'POST', path: `${BASE}/exports/passkey-options` })

/** The archive's path: POSTed with the link's secret, it answers the zip once. */
export const downloadPath = (exportId: number): string => `${BASE}/exports/${exportId}/download`

export const consentsEndpoint = (): Endpoint<Consents> => ({ method: 'GET', path: `${BASE}/consents` })
export const setConsentEndpoint = (change: ConsentChange): Endpoint<Consents> => ({ method: 'POST', path: `${BASE}/consents`, body: change })

export const requestsEndpoint = (): Endpoint<DataRequest[]> => ({ method: 'GET', path: `${BASE}/requests` })
export const openRequestEndpoint = (request: NewDataRequest): Endpoint<DataRequestCreated> => ({ method: 'POST', path: `${BASE}/requests`, body: request })
