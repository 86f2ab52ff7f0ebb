/** Sign-up's reads through RTK Query (api/koboApi.ts): the option lists of the New User form.
 * They are read signed out: the base query sends no token when there is none, and these
 * public routes never answer 401. */
import { koboApi } from '../../api/koboApi'
import { useRead } from '../../api/useRead'
import { accountTypesEndpoint, registrationEnumsEndpoint, statesEndpoint } from './api'
import { ACCOUNT_TYPES_FETCH_FAILED, ENUMS_FETCH_FAILED, STATES_FETCH_FAILED } from './texts'
import type { AccountTypeOption, RegistrationEnums, StateOption } from './types'

export const registrationApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    registrationEnums: build.query<RegistrationEnums, void>({
      query: registrationEnumsEndpoint,
      extraOptions: { fallback: ENUMS_FETCH_FAILED },
    }),
    registrationStates: build.query<StateOption[], void>({
      query: statesEndpoint,
      extraOptions: { fallback: STATES_FETCH_FAILED },
    }),
    registrationAccountTypes: build.query<AccountTypeOption[], void>({
      query: accountTypesEndpoint,
      extraOptions: { fallback: ACCOUNT_TYPES_FETCH_FAILED },
    }),
  }),
})

export const useRegistrationEnumsQuery = () => useRead(registrationApi.endpoints.registrationEnums, undefined)
export const useStatesQuery = () => useRead(registrationApi.endpoints.registrationStates, undefined)
export const useAccountTypesQuery = () => useRead(registrationApi.endpoints.registrationAccountTypes, undefined)
/** The enumerations' last answer, without asking (the registration saga sends the client type). */
export const selectRegistrationEnums = registrationApi.endpoints.registrationEnums.select()
