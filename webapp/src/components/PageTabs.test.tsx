import { useState } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { PageTabs } from './PageTabs'

type Key = 'one' | 'two' | 'three' | 'four'
const LABELS: Record<Key, string> = { one: 'Intra Bank Transfer', two: 'Own Account Transfer', three: 'Other Bank Transfer', four: 'Bulk Bank Transfer' }

function Harness({ onChange }: { onChange?: (key: Key) => void }) {
  const [active, setActive] = useState<Key>('one')
  return (
    <PageTabs<Key>
      label="Transfer kinds"
      activeKey={active}
      onChange={(key) => {
        setActive(key)
        onChange?.(key)
      }}
      items={(Object.keys(LABELS) as Key[]).map((key) => ({ key, label: LABELS[key], children: <input aria-label={`${key} field`} /> }))}
    />
  )
}

describe('PageTabs', () => {
  it('shows every tab (no overflow menu) and only the open tab’s panel', () => {
    render(<Harness />)
    expect(screen.getByRole('tablist', { name: 'Transfer kinds' })).toBeInTheDocument()
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(Object.values(LABELS))
    expect(screen.queryByRole('button', { name: /more/i })).not.toBeInTheDocument()
    const panel = screen.getByRole('tabpanel')
    expect(panel).toHaveAccessibleName('Intra Bank Transfer')
    expect(screen.getByLabelText('one field')).toBeInTheDocument()
    expect(screen.queryByLabelText('two field')).not.toBeInTheDocument()
  })

  it('opens a tab with one click and starts its form fresh', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.type(screen.getByLabelText('one field'), 'half typed')
    await user.click(screen.getByRole('tab', { name: 'Bulk Bank Transfer' }))
    expect(screen.getByRole('tab', { name: 'Bulk Bank Transfer' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByLabelText('four field')).toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: 'Intra Bank Transfer' }))
    expect(screen.getByLabelText('one field')).toHaveValue('')
  })

  it('follows the ARIA tabs keys: arrows wrap, Home and End, one tab stop', async () => {
    const onChange = vi.fn()
    const user = userEvent.setup()
    render(<Harness onChange={onChange} />)
    const tabs = screen.getAllByRole('tab')
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1, -1])
    await user.tab()
    expect(tabs[0]).toHaveFocus()
    await user.keyboard('{ArrowLeft}')
    expect(tabs[3]).toHaveFocus()
    expect(onChange).toHaveBeenLastCalledWith('four')
    await user.keyboard('{ArrowRight}')
    expect(tabs[0]).toHaveFocus()
    await user.keyboard('{End}')
    expect(onChange).toHaveBeenLastCalledWith('four')
    await user.keyboard('{Home}')
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true')
  })
})
