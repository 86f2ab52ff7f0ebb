/**
 * App-wide state: the session (`userInfo`), a global loading flag and the
 * permitted navigation links. Reducers stay pure; saving to localStorage and
 * logging out are done by `sessionSaga`.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { SessionResponse } from '../api/types'
import { ALL_NAV_LINK_KEYS, type NavLinkKey } from './navLinks'

/** The stored session: what sign-in returned, plus anything merged in later. */
export type UserInfo = Partial<SessionResponse>

export interface AppState {
  app_loading: boolean
  userInfo: UserInfo | null
  permittedLinks: NavLinkKey[]
}

export const initialAppState: AppState = {
  app_loading: false,
  userInfo: null,
  permittedLinks: ALL_NAV_LINK_KEYS,
}

const appSlice = createSlice({
  name: 'app',
  initialState: initialAppState,
  reducers: {
    setAppLoading(state, action: PayloadAction<boolean>) {
      state.app_loading = action.payload
    },
    /** Merges new fields into the session (the contract: "setting user info merges"). */
    setUserInfo(state, action: PayloadAction<UserInfo>) {
      state.userInfo = { ...(state.userInfo ?? {}), ...action.payload }
    },
    clearUserInfo(state) {
      state.userInfo = null
    },
    setPermittedLinks(state, action: PayloadAction<NavLinkKey[]>) {
      state.permittedLinks = action.payload
    },
  },
})

export const { setAppLoading, setUserInfo, clearUserInfo, setPermittedLinks } = appSlice.actions
export const appReducer = appSlice.reducer

/** The user asked to log out, or the inactivity timer ran out. */
export const logoutRequested = createAction<{ reason?: 'user' | 'inactivity' } | undefined>('app/logoutRequested')
/** A call other than login answered 401/403. */
export const sessionExpired = createAction<{ status: number }>('app/sessionExpired')

interface WithApp {
  app: AppState
}
export const selectUserInfo = (state: WithApp) => state.app.userInfo
export const selectAccessToken = (state: WithApp): string | null =>
  state.app.userInfo?.tokenDTO?.accessToken ?? null
export const selectIsSignedIn = (state: WithApp) => Boolean(selectAccessToken(state))
export const selectPermittedLinks = (state: WithApp) => state.app.permittedLinks
