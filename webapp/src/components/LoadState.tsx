/**
 * The three states of a screen's data, shown the same way everywhere:
 *
 * - loading: a skeleton; if the answer has not come after SLOW_LOAD_MS, a note that it
 *   is taking longer than usual and a Retry (the request deadline is 30 s, too long to
 *   leave the customer guessing);
 * - failed: an inline alert with the reason (the server's problem details, or a
 *   network sentence) and a Retry that asks again; it stays until the data comes. A failed
 *   read is never toasted as well (issue 55);
 * - empty: antd's (simple) Empty with the next thing to do, so an empty account never looks
 *   like a failed request (and a failed request never looks like an empty account).
 *
 * Otherwise it renders its children, the loaded screen.
 */
import { useEffect, useState, type ReactNode } from 'react'
import { Alert, Button, Empty, Skeleton } from './plain'
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons'
import type { Load } from '../lib/loadStatus'
import './LoadState.css'

/** After this long without an answer the skeleton offers a Retry. */
export const SLOW_LOAD_MS = 15_000
export const SLOW_LOAD_MESSAGE = 'This is taking longer than usual'
export const RETRY_LABEL = 'Retry'

interface LoadFailedProps {
  /** What could not be loaded, e.g. "We couldn't load your transactions". */
  title: string
  reason: string | null
  onRetry: () => void
  /** `banner` sits above content that is still shown (stale data, a usable form). */
  variant?: 'block' | 'banner'
}

/** The failed state on its own, for a read whose failure must not hide the rest of a form. */
export function LoadFailed({ title, reason, onRetry, variant = 'block' }: LoadFailedProps) {
  return (
    <div className={`kobo-load-failed kobo-load-failed--${variant}`} data-testid="load-failed">
      <Alert
        type={variant === 'banner' ? 'warning' : 'error'}
        title={title}
        description={
          <>
            {reason && <div className="kobo-load-failed__reason">{reason}</div>}
            <Button
              className="kobo-load-failed__retry"
              // Retry is the one thing to do on a failed screen; beside other content it stays quiet.
              type={variant === 'block' ? 'primary' : 'default'}
              icon={<ReloadOutlined aria-hidden />}
              onClick={onRetry}
              size={variant === 'banner' ? 'small' : 'middle'}
            >
              {RETRY_LABEL}
            </Button>
          </>
        }
      />
    </div>
  )
}

/** The skeleton, which owns the slow-answer timer so it restarts with every new wait. */
function LoadingSkeleton({ rows, onRetry }: { rows: number; onRetry: () => void }) {
  const [slow, setSlow] = useState(false)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_LOAD_MS)
    return () => clearTimeout(timer)
  }, [attempt])

  const retry = () => {
    setSlow(false)
    setAttempt((n) => n + 1)
    onRetry()
  }

  return (
    <div className="kobo-load-loading" data-testid="load-loading" aria-busy="true">
      <Skeleton rows={rows} />
      {slow && (
        <Alert
          className="kobo-load-slow"
          type="info"
          title={SLOW_LOAD_MESSAGE}
          action={
            <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={retry}>
              {RETRY_LABEL}
            </Button>
          }
        />
      )}
    </div>
  )
}

export interface EmptyContent {
  description: ReactNode
  /** The next thing to do, usually a button ("Make a transfer"). */
  action?: ReactNode
}

/** The empty state on its own, for lists that arrive inside other data (the dashboard's). */
export function EmptyState({ description, action }: EmptyContent) {
  return (
    <Empty className="kobo-load-empty" data-testid="load-empty" description={description}>
      {action}
    </Empty>
  )
}

/** An empty list's state whose next step is a primary button that adds the first item. */
export function AddFirstEmpty({ description, label, onClick }: { description: ReactNode; label: ReactNode; onClick: () => void }) {
  return (
    <EmptyState
      description={description}
      action={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onClick}>
          {label}
        </Button>
      }
    />
  )
}

interface LoadStateProps {
  load: Load
  onRetry: () => void
  failedTitle: string
  /**
   * Data from an earlier load is on screen: a reload keeps it (the content shows its own
   * spinner) and a failed reload becomes a banner above it rather than replacing it.
   */
  hasData?: boolean
  /** Loaded, and there is nothing to show. */
  isEmpty?: boolean
  empty?: EmptyContent
  skeletonRows?: number
  /** A function when the content reads data that exists only once loaded. */
  children?: ReactNode | (() => ReactNode)
}

export function LoadState({ load, onRetry, failedTitle, hasData = false, isEmpty = false, empty, skeletonRows = 4, children }: LoadStateProps) {
  const content = () => (typeof children === 'function' ? children() : children)

  if (load.status === 'failed') {
    if (!hasData) return <LoadFailed title={failedTitle} reason={load.error} onRetry={onRetry} />
    return (
      <>
        <LoadFailed title={failedTitle} reason={load.error} onRetry={onRetry} variant="banner" />
        {content()}
      </>
    )
  }
  if (!hasData && (load.status === 'loading' || load.status === 'idle')) {
    return <LoadingSkeleton rows={skeletonRows} onRetry={onRetry} />
  }
  // While a new query loads, the content (and its own spinner) stays rather than the empty state.
  if (isEmpty && empty && load.status === 'succeeded') return <EmptyState {...empty} />
  return <>{content()}</>
}
