/**
 * Inactivity tracking (docs/contract.md §2.5): a counter ticks every minute;
 * it increments when the tab is hidden or there was no mouse, keyboard, touch
 * or scroll activity during the minute, and resets otherwise. At 5 the user is
 * logged out. The DOM listeners only record a timestamp, so they cost nothing
 * on busy pages; the saga reads it once a minute.
 */
import { delay, put, select, call } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import { logoutRequested, selectIsSignedIn } from '../store/appSlice'

export const INACTIVITY_TICK_MS = 60_000
export const INACTIVITY_LIMIT = 5

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const

export interface ActivityTracker {
  lastActivityAt: number
  stop(): void
}

export function startActivityTracker(): ActivityTracker {
  const tracker: ActivityTracker = {
    lastActivityAt: Date.now(),
    stop: () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, true)
    },
  }
  function onActivity() {
    tracker.lastActivityAt = Date.now()
  }
  for (const type of ACTIVITY_EVENTS) {
    window.addEventListener(type, onActivity, { capture: true, passive: true })
  }
  return tracker
}

/** The rule itself, kept pure for unit tests. */
export function nextInactivityCount(count: number, tabHidden: boolean, activeDuringTick: boolean): number {
  return tabHidden || !activeDuringTick ? count + 1 : 0
}

export function* inactivitySaga(): SagaIterator {
  const tracker: ActivityTracker = yield call(startActivityTracker)
  let count = 0
  try {
    for (;;) {
      const tickStartedAt = Date.now()
      yield delay(INACTIVITY_TICK_MS)
      const signedIn: boolean = yield select(selectIsSignedIn)
      if (!signedIn) {
        count = 0
        continue
      }
      const active = tracker.lastActivityAt > tickStartedAt
      count = nextInactivityCount(count, document.visibilityState === 'hidden', active)
      if (count >= INACTIVITY_LIMIT) {
        count = 0
        yield put(logoutRequested({ reason: 'inactivity' }))
      }
    }
  } finally {
    tracker.stop()
  }
}
