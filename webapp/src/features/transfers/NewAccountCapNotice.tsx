/**
 * The new-account cap (docs/contract.md §16.5), told on the form once the customer chose the
 * account to pay from: an account opened in the last 24 hours sends at most ₦20,000 to other
 * people. The sentence is the BFF's (`GET /api/transfer/new-account-caps`), in the same notice
 * as the new-device cap's (DeviceCapNotice.tsx). A read, asked again after a payment (what is
 * left changes); nothing shows for an older account, or when the read fails: the BFF refuses
 * an amount over the cap with the same explanation. Loaded with the first choice of account,
 * off the page's first screen.
 */
import { koboApi } from '../../api/koboApi'
import type { AccountCap } from '../../api/transferTypes'
import { useRead } from '../../api/useRead'
import { newAccountCapsEndpoint } from './api'
import { CapNotice } from './DeviceCapNotice'

const capsApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    newAccountCaps: build.query<AccountCap[], void>({ query: newAccountCapsEndpoint, providesTags: ['Balances'] }),
  }),
})

export function NewAccountCapNotice({ account }: { account: string | undefined }) {
  const caps = useRead(capsApi.endpoints.newAccountCaps, undefined).data
  return <CapNotice message={caps?.find((cap) => cap.accountNumber === account)?.message} />
}
