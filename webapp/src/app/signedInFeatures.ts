/**
 * The signed-in core: what every page but the login route needs, loaded on the first
 * visit to any of them (`loadSignedInFeatures` in store.ts), so the sign-in bundle stays
 * small (issue 11): RTK Query (api/koboApi.ts). Each route's own slices and sagas come with
 * the route (featureStates.ts).
 */
import { koboApi } from '../api/koboApi'
import type { FeatureState } from '../store/featureState'
import { peekEarlyAnswer } from '../api/earlyAnswers'
import { clientSummaryEndpoint } from '../store/accounts/api'
// The reads a first screen starts early (firstScreenData.ts) are defined here, with the core.
import { accountsApi } from '../store/accounts/reads'

export const signedInCore: FeatureState = {
  reducers: { [koboApi.reducerPath]: koboApi.reducer },
  sagas: [],
  middleware: [koboApi.middleware],
  // /home opened by address: its summary, asked for by index.html's first script.
  startEarlyReads(dispatch) {
    if (peekEarlyAnswer(clientSummaryEndpoint())) dispatch(accountsApi.endpoints.dashboard.initiate(undefined, { subscribe: false }))
  },
}
