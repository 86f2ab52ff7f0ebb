/** Every feature's MSW handlers, for the browser worker and the test server alike. */
import { authHandlers } from '../features/auth/mocks'
import { registrationHandlers } from '../features/registration/mocks'
import { passwordRecoveryHandlers } from '../features/passwordRecovery/mocks'
import { onboardingHandlers } from '../features/onboarding/mocks'
import { accountsHandlers } from '../features/accounts/mocks'
import { historyHandlers } from '../features/history/mocks'
import { dashboardHandlers } from '../features/dashboard/mocks'
import { transfersHandlers } from '../features/transfers/mocks'
import { beneficiariesHandlers } from '../features/beneficiaries/mocks'
import { settingsHandlers } from '../features/settings/mocks'
import { passkeyHandlers } from '../features/settings/passkeyMocks'
import { deviceHandlers } from '../features/settings/deviceMocks'
import { yourDataHandlers } from '../features/settings/yourDataMocks'
import { kycHandlers } from '../features/kyc/mocks'
import { schedulesHandlers } from '../features/schedules/mocks'
import { billsHandlers } from '../features/bills/mocks'
import { ticketsHandlers } from '../features/tickets/mocks'
import { savingsHandlers } from '../features/savings/mocks'
import { disputesHandlers, frozenRefusals } from './disputes'
import { riskHandlers, switchedOffRefusals } from './risk'
import { livenessHandlers } from './liveness'
import { forcingHandler } from './forcing/handler'

// The freeze's and the instant-transfer switch's refusals first (they fall through unless the
// account is frozen or the switch off), then registrationHandlers: they refresh the mock
// personas before the sign-in mock runs. The risk routes come before the transfers' `/:id`.
export const featureHandlers = [...frozenRefusals, ...switchedOffRefusals, ...riskHandlers, ...livenessHandlers, ...registrationHandlers, ...passwordRecoveryHandlers, ...onboardingHandlers, ...authHandlers, ...accountsHandlers, ...historyHandlers, ...dashboardHandlers, ...deviceHandlers, ...yourDataHandlers, ...transfersHandlers, ...beneficiariesHandlers, ...settingsHandlers, ...passkeyHandlers, ...kycHandlers, ...schedulesHandlers, ...billsHandlers, ...ticketsHandlers, ...savingsHandlers, ...disputesHandlers]

/** Forced outcomes (docs/frontend.md) first, then the features. */
export const handlers = [forcingHandler, ...featureHandlers]
