/** Wire types of the scheduled-payment calls, from the BFF's OpenAPI document (src/api/schema.d.ts). */
import type { components } from '../../api/schema'

type Schemas = components['schemas']

export type ScheduledPayment = Schemas['ScheduledPaymentOut']
export type EditScheduleRequest = Schemas['EditIn']
export type EditedSchedule = Schemas['EditedOut']
export type ApproveScheduleRequest = Schemas['ApproveIn']
export type BulkScheduleRequest = Schemas['BulkScheduleIn']
export type SchedulePaymentSetting = Schemas['SchedulePaymentSetting']

/** Statuses of a scheduled payment (docs/contract.md §10.4). */
export type ScheduleStatus = 'PENDING' | 'COMPLETED' | 'FAILED'

/** Which create call a schedule goes to: the three single-transfer kinds and bulk. */
export type ScheduleKind = 'INTRA_BANK' | 'OWN_ACCOUNT' | 'OTHER_BANK' | 'BULK'
