/**
 * Wire types of the BFF calls used so far, written by hand from
 * docs/contract.md. Once the BFF exports `src/api/openapi.json`,
 * `npm run contract` generates `schema.d.ts` and each interface below becomes
 * a one-line re-export, e.g.
 *
 *   import type { components } from './schema'
 *   export type LoginResponse = components['schemas']['LoginResponse']
 *
 * so keep one named type per schema here and import them only from this file.
 */

export type TwoFactorAuthentication = 'OTP_AUTHENTICATION' | 'GOOGLE_AUTHENTICATOR'
export type UserRole = 'CUSTOMER' | 'ADMIN'

/** RFC 9457 problem details: every error body from the BFF. */
export interface ProblemDetails {
  type?: string
  title?: string
  status?: number
  detail?: string
  errors?: { field: string; message: string }[]
}

// --- authentication ---------------------------------------------------------

export interface LoginRequest {
  /** An e-mail address or an 11-digit phone number. */
  email: string
  password: string
  remember: boolean
}

export interface LoginResponse {
  userId: number
  userUUID: string
  twoFactorAuthentication: TwoFactorAuthentication
}

export interface OtpVerificationRequest {
  userId: number
  userUUID: string
  otp: string
}

export interface TokenDTO {
  accessToken: string
  tokenType: string
  /** Idle timeout in seconds. */
  expiresIn: number
}

/** The signed-in session, stored under localStorage `userInfo`. */
export interface SessionResponse {
  tokenDTO: TokenDTO
  onboardingComplete: boolean
  role: UserRole
  userId: number
  userUUID: string
  firstName: string
  lastName: string
  email: string
  phoneNumber: string | null
  twoFactorAuthentication: TwoFactorAuthentication
}

// --- accounts and dashboard -------------------------------------------------

export type AccountStatus = 'ACTIVE' | 'INACTIVE' | 'DISABLED' | string

export interface Account {
  accountNumber: string
  accountName: string
  accountTypeId: number | null
  accountTypeName: string
  /** Naira, at most 2 decimals. */
  availableBalance: number
  ledgerBalance: number
  currency: string
  status: AccountStatus
}

export type TransactionDirection = 'CREDIT' | 'DEBIT'
export type TransactionStatus = 'COMPLETED' | 'PENDING' | 'FAILED'

export interface WeeklyTransactionSummary {
  failedTransactions: number
  pendingTransactions: number
  completedTransactions: number
  inwards: number
  outwards: number
}

export interface RecentTransaction {
  amount: number
  /** `dd-mm-yyyy hh:mm:ss`, Africa/Lagos. */
  date: string
  transactionType: TransactionDirection
  beneficiaryAccount: string
  sender: string
  /** Free text of the posting (in the BFF's OpenAPI document, not yet in docs/contract.md). */
  narration: string
  status: TransactionStatus
  /** The one reference of the transaction, the same in history and on the receipt. */
  referenceNumber: string
  /** Who the money went to or came from, in words (never a ledger code). */
  counterpartyName: string | null
  counterpartyBank: string | null
}

export interface DashboardScheduledPayment {
  amount: number
  beneficiaryAccount: string
  type: string
  status: string
}

export interface ClientSummary {
  accounts: Account[]
  totalCurrentBalance: number
  totalAvailableBalance: number
  weeklyTransactionSummary: WeeklyTransactionSummary
  recentTransactions: RecentTransaction[]
  scheduledPayments: DashboardScheduledPayment[]
}
