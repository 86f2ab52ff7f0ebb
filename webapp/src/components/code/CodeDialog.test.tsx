import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OFFLINE_MONEY_REASON } from '../../lib/network'
import { CodeDialog } from './CodeDialog'

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online })
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'))
  })
}

describe('CodeDialog with no network (issue 43)', () => {
  afterEach(() => setOnline(true))

  it('says why, switches Confirm off and sends no code; back online it works again', async () => {
    const onSubmit = vi.fn()
    render(<CodeDialog open message="Enter the OTP sent to your registered email & phone number" onSubmit={onSubmit} onCancel={() => undefined} />)
    setOnline(false)
    expect(await screen.findByText(OFFLINE_MONEY_REASON)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled()
    const boxes = screen.getAllByRole('textbox')
    await userEvent.click(boxes[0])
    await userEvent.paste('123456')
    expect(onSubmit).not.toHaveBeenCalled()

    setOnline(true)
    expect(screen.queryByText(OFFLINE_MONEY_REASON)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled()
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(onSubmit).toHaveBeenCalledWith('123456')
  })
})
