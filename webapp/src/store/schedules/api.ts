import type { Endpoint } from '../../api/client'
import type { MessageResponse } from '../../api/accountTypes'
import type { Passkey, PasskeyAssertion, PasskeyOptions } from '../../api/types'
import type { TransferRequest, BulkTransferRow } from '../../api/transferTypes'
import type { EditScheduleRequest, EditedSchedule, ScheduleKind, ScheduledPayment, SchedulePaymentSetting } from './types'

const BASE = '/api/ibanking/personal/schedule-payments'

export const schedulesEndpoint = (): Endpoint<ScheduledPayment[]> => ({ method: 'GET', path: BASE })

export const scheduleEndpoint = (uuid: string): Endpoint<ScheduledPayment> => ({
  method: 'GET',
  path: `${BASE}/${encodeURIComponent(uuid)}`,
})

const CREATE_PATHS: Record<Exclude<ScheduleKind, 'BULK'>, string> = {
  INTRA_BANK: `${BASE}/intrabank`,
  OTHER_BANK: `${BASE}/interbank`,
  OWN_ACCOUNT: `${BASE}/own`,
}

/** The answer is a list whose first item carries the referenceNumber to approve. */
export const createScheduleEndpoint = (
  kind: Exclude<ScheduleKind, 'BULK'>,
  body: TransferRequest,
): Endpoint<ScheduledPayment[]> => ({ method: 'POST', path: CREATE_PATHS[kind], body })

export const createBulkScheduleEndpoint = (
  bulkScheduleTransfer: BulkTransferRow[],
  schedulePaymentSetting: SchedulePaymentSetting,
): Endpoint<ScheduledPayment[]> => ({
  method: 'POST',
  path: `${BASE}/bulk`,
  body: { bulkScheduleTransfer, schedulePaymentSetting },
})

/** With the code, or instead a passkey's approval of this reference's payments. */
export const approveScheduleEndpoint = (
  referenceNumber: string,
  proof: { otp: string } | { passkey: PasskeyAssertion },
): Endpoint<MessageResponse> => ({
  method: 'PATCH',
  path: `${BASE}/approve`,
  body: { ...proof, referenceNumber },
})

/** The passkey request options that approve this reference's payments, as they are now. */
export const schedulePasskeyOptionsEndpoint = (referenceNumber: string): Endpoint<PasskeyOptions> => ({
  method: 'POST',
  path: `${BASE}/passkey-options`,
  body: { referenceNumber },
})

/** The customer's passkeys: the approval dialog offers one first when there is any. */
export const ownPasskeysEndpoint = (): Endpoint<Passkey[]> => ({ method: 'GET', path: '/api/ibanking/personal/passkeys' })

export const editScheduleEndpoint = (body: EditScheduleRequest): Endpoint<EditedSchedule> => ({
  method: 'PUT',
  path: `${BASE}/edit`,
  body,
})
