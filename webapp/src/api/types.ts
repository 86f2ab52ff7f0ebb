/**
 * Names for the BFF's wire types, all generated: `npm run contract` writes `schema.d.ts`
 * from the BFF's OpenAPI document (`openapi.json`), and each name below is one of its
 * schemas, so a BFF change reaches every user of these names through the type checker.
 * Add a name here (never a hand-written interface) when a module needs one.
 */
import type { components } from './schema'

type Schemas = components['schemas']

/** RFC 9457 problem details: every error body from the BFF. */
export type ProblemDetails = Schemas['ProblemDetails']
export type TransferFailedProblem = Schemas['TransferFailedProblem']
export type BillFailedProblem = Schemas['BillFailedProblem']

// --- authentication ---------------------------------------------------------
export type LoginRequest = Schemas['LoginIn']
export type LoginResponse = Schemas['LoginOut']
export type OtpVerificationRequest = Schemas['OtpVerificationIn']
export type TokenDTO = Schemas['TokenDTO']
/** The signed-in session, stored under localStorage `userInfo`. */
export type SessionResponse = Schemas['SessionOut']
export type TwoFactorAuthentication = SessionResponse['twoFactorAuthentication']
export type UserRole = SessionResponse['role']

// --- accounts and dashboard -------------------------------------------------
export type Account = Schemas['AccountOut']
export type AccountStatus = Account['status']
export type WeeklyTransactionSummary = Schemas['WeeklyTransactionSummary']
export type RecentTransaction = Schemas['RecentTransaction']
export type TransactionDirection = RecentTransaction['transactionType']
export type TransactionStatus = RecentTransaction['status']
export type DashboardScheduledPayment = Schemas['DashboardScheduledPayment']
export type ClientSummary = Schemas['ClientSummaryOut']

// passkeys (docs/contract.md, "Passkeys")
export type PasskeyOptions = Schemas['PasskeyOptionsOut']
export type PasskeyAssertion = Schemas['PasskeyAssertionIn']
/** A code was sent, and a passkey may approve the action instead (`passkeyApproval`). */
export type ApprovalCodeSent = Schemas['ApprovalCodeSentOut']
export type PasskeyRegistration = Schemas['PasskeyRegistrationIn']
export type Passkey = Schemas['PasskeyOut']
export type PasskeyAdded = Schemas['PasskeyAddedOut']
// known devices and the new-device cap (docs/contract.md §3.2b, §8.3, §14.4b)
export type Device = Schemas['DeviceOut']
export type DeviceCap = Schemas['DeviceCapOut']
export type PasskeySignInRequest = Schemas['PasskeySignInIn']
