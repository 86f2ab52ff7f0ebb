/**
 * Runs one endpoint with the session's token from a component (the dispute form, the linked
 * status, the freeze card): a 401/403 ends the session as every saga's call does
 * (api/saga.ts), anything else comes back as the answer for the caller to show.
 */
import { useCallback } from 'react'
import { isSessionError, runEndpoint, type ApiResult, type Endpoint } from '../../api/client'
import { useAppDispatch, useAppSelector } from '../../store/hooks'
import { selectAccessToken, sessionExpired } from '../../store/appSlice'

export function useSessionCall() {
  const dispatch = useAppDispatch()
  const token = useAppSelector(selectAccessToken)
  return useCallback(
    async <T,>(endpoint: Endpoint<T>): Promise<ApiResult<T>> => {
      const result = await runEndpoint(endpoint, token)
      // A frozen account's payments answer 403 too, but never these calls.
      if (result.error && isSessionError(result.error)) dispatch(sessionExpired({ status: result.error.status as number }))
      return result
    },
    [dispatch, token],
  )
}
