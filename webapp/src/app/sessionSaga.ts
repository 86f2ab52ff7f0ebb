/**
 * Session side effects: persisting `userInfo`, logging out (by request, on
 * inactivity, or when any call answers 401/403), and the inactivity timer.
 */
import { all, call, fork, put, select, takeEvery, takeLeading } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import {
  clearUserInfo,
  logoutRequested,
  selectUserInfo,
  sessionExpired,
  setUserInfo,
  type UserInfo,
} from '../store/appSlice'
import { clearStoredSession, saveUserInfo } from './sessionStorage'
import { navigation } from '../lib/navigation'
import { inactivitySaga } from './inactivity'
import { callApi } from '../api/saga'
import { logoutEndpoint } from '../features/auth/api'

function* persistUserInfo(): SagaIterator {
  const userInfo: UserInfo | null = yield select(selectUserInfo)
  yield call(saveUserInfo, userInfo)
}

/** Where a user lands after logout: administrators have their own sign-in. */
export function logoutDestination(userInfo: UserInfo | null): string {
  return userInfo?.role === 'ADMIN' ? '/admin/auth' : '/'
}

export function* logoutSaga(): SagaIterator {
  const userInfo: UserInfo | null = yield select(selectUserInfo)
  if (userInfo?.tokenDTO?.accessToken) {
    // Best effort: revoke the token on the server, but log out locally whatever it says.
    yield call(callApi, logoutEndpoint())
  }
  yield put(clearUserInfo())
  yield call(clearStoredSession)
  yield call([navigation, navigation.hardNavigate], logoutDestination(userInfo))
}

export function* sessionSaga(): SagaIterator {
  yield all([
    takeEvery([setUserInfo.type, clearUserInfo.type], persistUserInfo),
    // takeLeading: several failing calls at once must cause one logout, not many.
    takeLeading([logoutRequested.type, sessionExpired.type], logoutSaga),
    fork(inactivitySaga),
  ])
}
