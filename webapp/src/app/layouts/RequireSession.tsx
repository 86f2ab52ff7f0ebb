/** Guards the logged-in routes: without a session the user goes to the login page. */
import type { ReactNode } from 'react'
import { Navigate, Outlet } from 'react-router'
import { useAppSelector } from '../../store/hooks'
import { selectIsSignedIn } from '../../store/appSlice'

export function RequireSession({ children }: { children?: ReactNode }) {
  const signedIn = useAppSelector(selectIsSignedIn)
  if (!signedIn) return <Navigate to="/" replace />
  return children ?? <Outlet />
}
