/**
 * Toasts as data: sagas `put(toastAdded(...))`, mutations dispatch them (`toastOutcome` in
 * api/koboApi.ts), and `ToastHost` shows them with antd's notification API. Keeping the queue
 * in the store keeps sagas and mutations free of UI imports and lets tests assert on what
 * was announced.
 *
 * A toast is the outcome of an action (a refused transfer, a wrong code, "Device renamed");
 * a failed read is shown by its screen, not here (api/koboApi.ts). The same toast queued
 * twice is kept once.
 */
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit'
import { put } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import { errorMessage, isSessionError, type ApiError } from '../api/client'

export type ToastType = 'success' | 'error' | 'info' | 'warning'

export interface Toast {
  id: string
  type: ToastType
  message: string
}

export interface ToastState {
  queue: Toast[]
}

const initialState: ToastState = { queue: [] }

const toastSlice = createSlice({
  name: 'toast',
  initialState,
  reducers: {
    toastAdded: {
      reducer(state, action: PayloadAction<Toast>) {
        const { type, message } = action.payload
        if (!state.queue.some((toast) => toast.type === type && toast.message === message)) state.queue.push(action.payload)
      },
      prepare(type: ToastType, message: string) {
        return { payload: { id: nanoid(), type, message } }
      },
    },
    toastShown(state, action: PayloadAction<string>) {
      state.queue = state.queue.filter((toast) => toast.id !== action.payload)
    },
  },
})

export const { toastAdded, toastShown } = toastSlice.actions
export const toastReducer = toastSlice.reducer

export const toastSuccess = (message: string) => toastAdded('success', message)
export const toastError = (message: string) => toastAdded('error', message)
export const toastInfo = (message: string) => toastAdded('info', message)

export const selectToastQueue = (state: { toast: ToastState }) => state.toast.queue

/** A failed action's toast: the server's `detail`, else `fallback`; none for a 401/403, which is
 * already being handled as a logout. A mutation's goes out through `toastOutcome` (api/koboApi.ts). */
export const failureToast = (error: ApiError, fallback: string) =>
  isSessionError(error) ? null : toastError(errorMessage(error, fallback))

/** A saga's way to `failureToast`. */
export function* toastFailure(error: ApiError, fallback: string): SagaIterator {
  const toast = failureToast(error, fallback)
  if (toast) yield put(toast)
}
