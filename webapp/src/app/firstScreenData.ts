/**
 * What the first screen of a signed-in page opened by address (or reloaded)
 * asks the BFF for, started from the start-up bundle before the page's own
 * code has downloaded (issue 23: on a phone's slow network the page's chunks
 * take longer than the answers, so the data no longer waits for them). The
 * pages' reads (RTK Query, api/koboApi.ts) pick the answers up (api/earlyAnswers.ts).
 *
 * Each list must name the calls the page makes when it mounts; a call left
 * out is simply made later, by the page's read.
 */
import type { Endpoint } from '../api/client'
import { startEarly } from '../api/earlyAnswers'
import { balanceEndpoint } from '../features/transfers/api'
import { banksEndpoint } from '../store/payees/api'
import { beneficiariesEndpoint } from '../store/beneficiaries/api'
import { accountsEndpoint, clientSummaryEndpoint } from '../store/accounts/api'

const FIRST_SCREEN_DATA: Record<string, () => Endpoint<unknown>[]> = {
  '/home': () => [clientSummaryEndpoint()],
  '/transfer': () => [balanceEndpoint(), banksEndpoint(), beneficiariesEndpoint(), accountsEndpoint()],
}

/** Starts the first screen's requests for `pathname`, when signed in and the page has any. */
export function startFirstScreenRequests(pathname: string, accessToken: string | null | undefined): void {
  const endpoints = FIRST_SCREEN_DATA[pathname.replace(/\/+$/, '')]
  if (accessToken && endpoints) startEarly(endpoints(), accessToken)
}
