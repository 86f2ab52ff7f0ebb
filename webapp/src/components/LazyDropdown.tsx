/**
 * antd's Dropdown for a first screen's trigger (/home's "+"): its code
 * (with antd's Menu, which draws the items) loads when the browser is idle after the
 * first screen, or at the first click on the trigger, which then opens it once loaded. It
 * is not part of any first screen's JavaScript (issue 57). Same props as antd's Dropdown;
 * the open state is kept here.
 */
import { lazy, Suspense, useEffect, useState, type ReactElement } from 'react'
import type { DropdownProps } from 'antd'
import { whenIdle } from '../lib/yieldToMain'
import './LazyDropdown.css'

const Dropdown = lazy(() => import('antd/es/dropdown'))

type Props = Omit<DropdownProps, 'open'> & { children: ReactElement }

export function LazyDropdown({ children, onOpenChange, ...props }: Props) {
  const [wanted, setWanted] = useState(false)
  const [open, setOpen] = useState(false)
  useEffect(() => whenIdle(() => setWanted(true)), [])
  if (!wanted) {
    // Clicked before the code came: it opens as soon as it is here.
    const first = () => {
      if (props.disabled) return
      setOpen(true)
      setWanted(true)
    }
    return (
      <span className="kobo-lazy-trigger" onClickCapture={first}>
        {children}
      </span>
    )
  }
  return (
    <span className="kobo-lazy-trigger">
      <Suspense fallback={children}>
        <Dropdown
          {...props}
          open={open}
          onOpenChange={(next, info) => {
            setOpen(next)
            onOpenChange?.(next, info)
          }}
        >
          {children}
        </Dropdown>
      </Suspense>
    </span>
  )
}
