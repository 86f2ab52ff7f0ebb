/**
 * Which signed-in pages get a first view (FirstView.tsx, issue 23) and what each draws.
 * Start-up plans it (main.tsx); the router's fallback (BootFallback) shows it.
 */
import type { ReactNode } from 'react'
import type { UserInfo } from '../store/appSlice'
import { peekEarlyAnswer } from '../api/earlyAnswers'
import { clientSummaryEndpoint } from '../store/accounts/api'
import type { ClientSummary } from '../api/types'
import { HomeFirstView } from '../features/dashboard/HomeFirstView'
import { TransferFirstView } from '../features/transfers/TransferFirstView'
import { holdPageCode } from './pageCodeGate'

export interface View {
  /** The early answer the view draws from, if it needs one. */
  data?: () => Promise<{ data?: unknown }> | null
  render: (user: UserInfo | null, data: unknown) => ReactNode
}

const VIEWS: Record<string, View> = {
  '/home': {
    data: () => peekEarlyAnswer(clientSummaryEndpoint()),
    render: (user, data) => <HomeFirstView firstName={user?.firstName} summary={(data as ClientSummary | null) ?? null} />,
  },
  '/transfer': { render: () => <TransferFirstView /> },
}

let planned: View | null = null

/**
 * Start-up (main.tsx): whether `pathname` gets a first view; if so the page's code waits
 * for it. Call after the first screen's requests have started.
 */
export function planFirstView(pathname: string, signedIn: boolean): void {
  planned = signedIn ? (VIEWS[pathname.replace(/\/+$/, '')] ?? null) : null
  if (planned) holdPageCode()
}

/** The view start-up planned, or null (BootFallback then shows the Kobo mark). */
export function plannedFirstView(): View | null {
  return planned
}
