/**
 * The first screen's data for a signed-in page opened by address (or reloaded): index.html's
 * first script (src/earlyFetch.ts) has already asked the BFF for it, before the start-up
 * bundle arrived (issue 23 started these requests from the bundle; issue 43 moved them into
 * the HTML's first file, since on a crowded 3G cell the bundle takes seconds). Start-up hands
 * them to the pages' reads here (api/earlyAnswers.ts): each answer is taken once, by the
 * same session only.
 */
import { adoptEarlyFetches } from '../api/earlyAnswers'

/** Adopts the requests index.html started, when signed in; they are handed over only once. */
export function adoptFirstScreenRequests(accessToken: string | null | undefined): void {
  const started = window.koboEarlyFetches ?? []
  delete window.koboEarlyFetches
  if (accessToken) adoptEarlyFetches(started, accessToken)
}
