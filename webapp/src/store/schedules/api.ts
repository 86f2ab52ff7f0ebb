import type { Endpoint } from '../../api/client'
import type { MessageResponse } from '../../api/accountTypes'
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

export const approveScheduleEndpoint = (referenceNumber: string, otp: string): Endpoint<MessageResponse> => ({
  method: 'PATCH',
  path: `${BASE}/approve`,
  body: { otp, referenceNumber },
})

export const editScheduleEndpoint = (body: EditScheduleRequest): Endpoint<EditedSchedule> => ({
  method: 'PUT',
  path: `${BASE}/edit`,
  body,
})
