/**
 * The progress of one read that fills a screen (a list, a summary, a status).
 * Slices keep one `Load` beside the data it fills, so a screen can tell
 * "still loading", "the request failed" and "loaded, and there is nothing"
 * apart: before this, a failed read left an empty list that looked exactly
 * like an empty account.
 */
export type LoadStatus = 'idle' | 'loading' | 'failed' | 'succeeded'

export interface Load {
  status: LoadStatus
  /** Why the last attempt failed, in words for the customer; null unless `failed`. */
  error: string | null
}

export const idleLoad: Load = { status: 'idle', error: null }

/** New objects each time: slices assign them into Immer drafts. */
export const loadStarted = (): Load => ({ status: 'loading', error: null })
export const loadSucceeded = (): Load => ({ status: 'succeeded', error: null })
export const loadFailed = (error: string): Load => ({ status: 'failed', error })

export const isLoading = (load: Load) => load.status === 'loading'
