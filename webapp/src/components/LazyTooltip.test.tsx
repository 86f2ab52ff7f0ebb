import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { LazyTooltip } from './LazyTooltip'
import { LazyDropdown } from './LazyDropdown'
import { Button } from './plain'

function Transfer({ reason }: { reason: string | null }) {
  return (
    <LazyTooltip title={reason}>
      <button type="button" aria-label="Transfer">
        Transfer
      </button>
    </LazyTooltip>
  )
}

describe('LazyTooltip', () => {
  it('draws the trigger alone, with its name, until the first hover; then shows antd’s Tooltip', async () => {
    render(<Transfer reason="You're offline." />)
    const button = screen.getByRole('button', { name: 'Transfer' })
    expect(button).not.toHaveAttribute('aria-describedby')
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
    await userEvent.hover(button)
    expect(await screen.findByRole('tooltip')).toHaveTextContent("You're offline.")
  })

  it('keeps a keyboard user’s focus on the trigger when the code arrives and redraws it', async () => {
    render(<Transfer reason="You're offline." />)
    const plain = screen.getByRole('button', { name: 'Transfer' })
    await userEvent.tab()
    // The Tooltip's trigger is a new element, and it has the focus.
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Transfer' })).not.toBe(plain))
    expect(screen.getByRole('button', { name: 'Transfer' })).toHaveFocus()
  })

  it('lets a click that follows the first hover at once open a dropdown around it, with the code loaded or not', async () => {
    const menu = { items: [{ key: 'create', label: 'Create Account' }] }
    for (const round of ['code to load', 'code loaded']) {
      const { unmount } = render(
        <LazyDropdown trigger={['click']} menu={menu}>
          <LazyTooltip title="Add account">
            <Button type="primary" aria-label="Add account" />
          </LazyTooltip>
        </LazyDropdown>,
      )
      await userEvent.click(screen.getByRole('button', { name: 'Add account' }))
      expect(await screen.findByRole('menuitem', { name: 'Create Account' }), round).toBeInTheDocument()
      unmount()
    }
  })

  it('draws the trigger alone without a title', async () => {
    render(<Transfer reason={null} />)
    await userEvent.hover(screen.getByRole('button', { name: 'Transfer' }))
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
  })
})
