/**
 * The tab bar of the pages with several forms (/transfer, /settings). antd's
 * Tabs hides the tabs that do not fit behind a "more" menu, which on a phone
 * put two of the four transfer kinds two taps away, and that menu button sits
 * inside the tablist (axe: aria-required-children). This bar never hides a
 * tab: on wide screens it is a line of tabs, on phones a two-column segmented
 * control (PageTabs.css), so every tab is one tap away.
 *
 * It follows the ARIA tabs pattern: arrow keys, Home and End move between
 * tabs and open them; only the open tab's panel is rendered, like antd's
 * `destroyOnHidden`, so each form starts fresh.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import './PageTabs.css'

export interface PageTab<K extends string> {
  key: K
  label: ReactNode
  children: ReactNode
}

interface PageTabsProps<K extends string> {
  items: PageTab<K>[]
  activeKey: K
  onChange: (key: K) => void
  /** Accessible name of the tab list ("Transfer kinds"). */
  label: string
  className?: string
}

export function PageTabs<K extends string>({ items, activeKey, onChange, label, className }: PageTabsProps<K>) {
  const baseId = useId()
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  const activeIndex = Math.max(
    0,
    items.findIndex((item) => item.key === activeKey),
  )
  const tabId = (index: number) => `${baseId}-tab-${index}`
  const panelId = `${baseId}-panel`

  const open = (index: number) => {
    const wrapped = (index + items.length) % items.length
    tabs.current[wrapped]?.focus()
    onChange(items[wrapped].key)
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: activeIndex + 1,
      ArrowDown: activeIndex + 1,
      ArrowLeft: activeIndex - 1,
      ArrowUp: activeIndex - 1,
      Home: 0,
      End: items.length - 1,
    }
    if (!(event.key in moves)) return
    event.preventDefault()
    open(moves[event.key])
  }

  return (
    <div className={`kobo-tabs${className ? ` ${className}` : ''}`}>
      <div className="kobo-tabs__list" role="tablist" aria-label={label}>
        {items.map((item, index) => {
          const selected = index === activeIndex
          return (
            <button
              key={item.key}
              ref={(el) => {
                tabs.current[index] = el
              }}
              type="button"
              role="tab"
              id={tabId(index)}
              className={`kobo-tabs__tab${selected ? ' kobo-tabs__tab--active' : ''}`}
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              // Roving tab stop: Tab reaches the open tab, arrows reach the others.
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.key)}
              onKeyDown={handleKeyDown}
            >
              {item.label}
            </button>
          )
        })}
      </div>
      <div className="kobo-tabs__panel" role="tabpanel" id={panelId} aria-labelledby={tabId(activeIndex)}>
        {/* The key remounts the panel on a tab change, so a half-filled form does not carry over. */}
        <div key={items[activeIndex]?.key}>{items[activeIndex]?.children}</div>
      </div>
    </div>
  )
}
