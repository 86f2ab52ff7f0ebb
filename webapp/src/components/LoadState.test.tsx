import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AntdProviders } from './AntdProviders'
import { LoadState, RETRY_LABEL, SLOW_LOAD_MESSAGE, SLOW_LOAD_MS } from './LoadState'
import { idleLoad, loadFailed, loadStarted, loadSucceeded, type Load } from '../lib/loadStatus'

function renderState(load: Load, props: { hasData?: boolean; isEmpty?: boolean } = {}) {
  const onRetry = vi.fn()
  render(
    <AntdProviders>
      <LoadState load={load} onRetry={onRetry} failedTitle="We couldn't load your things" empty={{ description: 'Nothing yet' }} {...props}>
        <p>The things</p>
      </LoadState>
    </AntdProviders>,
  )
  return { onRetry }
}

describe('LoadState', () => {
  it('shows a skeleton while loading, then after a long wait a note and a Retry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const { onRetry } = renderState(loadStarted())
    expect(screen.getByTestId('load-loading')).toBeInTheDocument()
    expect(screen.queryByText(SLOW_LOAD_MESSAGE)).not.toBeInTheDocument()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SLOW_LOAD_MS)
    })
    expect(screen.getByText(SLOW_LOAD_MESSAGE)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: RETRY_LABEL }))
    expect(onRetry).toHaveBeenCalledTimes(1)
    // The wait starts again with the new request.
    expect(screen.queryByText(SLOW_LOAD_MESSAGE)).not.toBeInTheDocument()
  })

  it('treats idle as loading: the first request is about to start', () => {
    renderState(idleLoad)
    expect(screen.getByTestId('load-loading')).toBeInTheDocument()
  })

  it('replaces the content with the reason and a Retry when the load failed', async () => {
    const { onRetry } = renderState(loadFailed('Core banking is unavailable'))
    expect(screen.getByText("We couldn't load your things")).toBeInTheDocument()
    expect(screen.getByText('Core banking is unavailable')).toBeInTheDocument()
    expect(screen.queryByText('The things')).not.toBeInTheDocument()
    expect(screen.queryByText('Nothing yet')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: RETRY_LABEL }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('keeps earlier data under a banner when a reload failed', () => {
    renderState(loadFailed('Core banking is unavailable'), { hasData: true })
    expect(screen.getByText('Core banking is unavailable')).toBeInTheDocument()
    expect(screen.getByText('The things')).toBeInTheDocument()
  })

  it('shows the empty state only once loaded', () => {
    renderState(loadSucceeded(), { isEmpty: true })
    expect(screen.getByTestId('load-empty')).toHaveTextContent('Nothing yet')
    expect(screen.queryByText('The things')).not.toBeInTheDocument()
  })
})
