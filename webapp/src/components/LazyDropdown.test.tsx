import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { LazyDropdown } from './LazyDropdown'

function Menu({ onPick = () => undefined }: { onPick?: (key: string) => void }) {
  return (
    <LazyDropdown trigger={['click']} menu={{ items: [{ key: 'create', label: 'Create Account' }], onClick: ({ key }) => onPick(key) }}>
      <button type="button">Add account</button>
    </LazyDropdown>
  )
}

describe('LazyDropdown', () => {
  it('opens on a click made before its code has loaded, and the item works', async () => {
    const picked: string[] = []
    render(<Menu onPick={(key) => picked.push(key)} />)
    // The browser has not been idle yet: the first click asks for the code.
    await userEvent.click(screen.getByRole('button', { name: 'Add account' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Create Account' }))
    expect(picked).toEqual(['create'])
  })

  it('opens as antd’s Dropdown once its code has loaded when idle', async () => {
    const picked: string[] = []
    render(<Menu onPick={(key) => picked.push(key)} />)
    // jsdom has no idle callbacks: whenIdle's timer (2 s) loads the code.
    await new Promise((resume) => setTimeout(resume, 2100))
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Add account' })).toHaveClass('ant-dropdown-trigger'))
    await userEvent.click(screen.getByRole('button', { name: 'Add account' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Create Account' }))
    expect(picked).toEqual(['create'])
  })

  it('keeps a keyboard user’s focus on the trigger when the code arrives and redraws it', async () => {
    render(<Menu />)
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'Add account' })).toHaveFocus()
    await new Promise((resume) => setTimeout(resume, 2100))
    // The button is a new element now (the Dropdown's trigger), and it has the focus.
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Add account' })).toHaveClass('ant-dropdown-trigger'))
    expect(screen.getByRole('button', { name: 'Add account' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByRole('menuitem', { name: 'Create Account' })).toBeInTheDocument()
  })
})
