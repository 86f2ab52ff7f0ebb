/**
 * The accounts' and the dashboard's reads through RTK Query (api/koboApi.ts), and opening an
 * account; the calls themselves are described in api.ts. With no network the dashboard's read
 * carries the tab's last answer, labelled as old (dashboardSnapshot.ts, issue 43).
 */
import type { Account, ClientSummary } from '../../api/types'
import type { AccountCreated, AccountType } from '../../api/accountTypes'
import { useRead } from '../../api/useRead'
import { koboApi, onceDone, toastsOutcome, type ReadError } from '../../api/koboApi'
import { isOnline } from '../../lib/network'
import { accountTypesEndpoint, accountsEndpoint, clientSummaryEndpoint, createAccountEndpoint } from './api'
import { loadDashboardSnapshot, saveDashboardSnapshot, type DashboardSnapshot } from './dashboardSnapshot'
import { ACCOUNT_CREATED, ACCOUNT_TYPES_ERROR, CREATE_ACCOUNT_ERROR, DASHBOARD_ERROR } from './texts'

export const ACCOUNTS_ERROR = 'An error occurred while fetching accounts'

/** A failed dashboard read: `unreachable` when no network; `kept` the tab's last answer, if any. */
export interface DashboardError extends ReadError {
  unreachable?: boolean
  kept?: DashboardSnapshot | null
}

/** The customer's accounts, the types one may open, and the dashboard (/home). */
export const accountsApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    accounts: build.query<Account[], void>({
      query: accountsEndpoint,
      extraOptions: { fallback: ACCOUNTS_ERROR },
      providesTags: ['Accounts'],
    }),
    accountTypes: build.query<AccountType[], void>({
      query: accountTypesEndpoint,
      extraOptions: { fallback: ACCOUNT_TYPES_ERROR },
    }),
    dashboard: build.query<ClientSummary, void>({
      extraOptions: { fallback: DASHBOARD_ERROR },
      async queryFn(_arg, _api, _options, baseQuery) {
        const result = await baseQuery(clientSummaryEndpoint())
        if (result.error) {
          const error = result.error as ReadError
          const unreachable = error.status === 'FETCH_ERROR' || !isOnline()
          const failed: DashboardError = { ...error, unreachable, kept: unreachable ? loadDashboardSnapshot() : null }
          return { error: failed }
        }
        const summary = result.data as ClientSummary
        saveDashboardSnapshot(summary)
        return { data: summary }
      },
      providesTags: ['Dashboard'],
    }),
    /** Opens another account of the type with this id: every view of the accounts is refreshed. */
    createAccount: build.mutation<AccountCreated, number>({
      query: createAccountEndpoint,
      invalidatesTags: onceDone('Accounts', 'Dashboard'),
      onQueryStarted: toastsOutcome(CREATE_ACCOUNT_ERROR, ACCOUNT_CREATED),
    }),
  }),
})

export const useAccountsQuery = () => useRead(accountsApi.endpoints.accounts, undefined)
export const useAccountTypesQuery = () => useRead(accountsApi.endpoints.accountTypes, undefined)
export const useDashboardQuery = () => useRead(accountsApi.endpoints.dashboard, undefined)
