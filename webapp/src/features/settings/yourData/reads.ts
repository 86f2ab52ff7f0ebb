/** "Your data" through RTK Query (api/koboApi.ts): the record of processing, the copies asked
 * for, the consents and the requests are reads; a consent and a request are mutations that
 * toast their outcome. Asking for a copy takes the code-or-passkey steps (useRemoval.ts). */
import { koboApi, onceDone, toastOutcome } from '../../../api/koboApi'
import {
  consentsEndpoint,
  exportsEndpoint,
  openRequestEndpoint,
  recordEndpoint,
  requestsEndpoint,
  setConsentEndpoint,
  type ConsentChange,
  type Consents,
  type DataExport,
  type DataRequest,
  type DataRequestCreated,
  type NewDataRequest,
  type ProcessingRecord,
} from './api'
import { CHOICE_SAVED, CONSENTS_FAILED, CONSENT_FAILED, COPIES_FAILED, RECORD_FAILED, REQUESTS_FAILED, REQUEST_FAILED } from './texts'

export const yourDataApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    processingRecord: build.query<ProcessingRecord, void>({ query: recordEndpoint, extraOptions: { fallback: RECORD_FAILED } }),
    dataExports: build.query<DataExport[], void>({
      query: exportsEndpoint,
      extraOptions: { fallback: COPIES_FAILED },
      providesTags: ['DataExports'],
    }),
    consents: build.query<Consents, void>({ query: consentsEndpoint, extraOptions: { fallback: CONSENTS_FAILED }, providesTags: ['Consents'] }),
    dataRequests: build.query<DataRequest[], void>({
      query: requestsEndpoint,
      extraOptions: { fallback: REQUESTS_FAILED },
      providesTags: ['DataRequests'],
    }),
    /** The answer is the consents in force with their log: it goes into the read at once. */
    setConsent: build.mutation<Consents, ConsentChange>({
      query: setConsentEndpoint,
      async onQueryStarted(_change, lifecycle) {
        const answer = await toastOutcome(lifecycle, CONSENT_FAILED, CHOICE_SAVED)
        if (answer) lifecycle.dispatch(yourDataApi.util.upsertQueryData('consents', undefined, answer))
      },
    }),
    openDataRequest: build.mutation<DataRequestCreated, NewDataRequest>({
      query: openRequestEndpoint,
      invalidatesTags: onceDone('DataRequests', 'Tickets'),
      async onQueryStarted(_request, lifecycle) {
        await toastOutcome(lifecycle, REQUEST_FAILED, (created) => created.message)
      },
    }),
  }),
})
