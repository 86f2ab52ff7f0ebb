/**
 * antd's Dropdown for a first screen's trigger (/home's "+", the header's user menu): its code
 * (with antd's Menu, which draws the items) loads when the browser is idle after the
 * first screen, or at the first click on the trigger, which then opens it once loaded. It
 * is not part of any first screen's JavaScript (issue 57). Same props as antd's Dropdown;
 * the open state is kept here.
 *
 * A click that comes before the Dropdown is mounted (its code not asked for yet, or still
 * loading) is remembered here, and the menu opens once the Dropdown is mounted, on a later
 * task, after the click has run its course.
 *
 * The trigger is drawn anew when the Dropdown arrives: a keyboard user focused on it keeps
 * the focus (it moves to the new trigger).
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactElement } from 'react'
import type { DropdownProps } from 'antd'
import { whenIdle } from '../lib/yieldToMain'
import './LazyDropdown.css'

// With its own antd providers: the first screen has none (withAntdProviders.tsx).
const Dropdown = lazy(async () => {
  const [{ default: AntdDropdown }, { withAntdProviders }] = await Promise.all([import('antd/es/dropdown'), import('./withAntdProviders')])
  return { default: withAntdProviders(AntdDropdown) }
})

type Props = Omit<DropdownProps, 'open'> & { children: ReactElement }

export function LazyDropdown({ children, onOpenChange, ...props }: Props) {
  const [wanted, setWanted] = useState(false)
  const [mounted, setMounted] = useState(false)
  const [open, setOpen] = useState(false)
  const openOnMount = useRef(false)
  const wrapper = useRef<HTMLSpanElement>(null)
  const focusOnMount = useRef(false)
  const ask = useCallback(() => {
    focusOnMount.current = !!wrapper.current?.contains(document.activeElement)
    setWanted(true)
  }, [])
  useEffect(() => whenIdle(ask), [ask])

  const onMounted = useCallback(() => {
    setMounted(true)
    const lost = !wrapper.current?.contains(document.activeElement)
    if (focusOnMount.current && lost) wrapper.current?.querySelector<HTMLElement>('button, a[href], [tabindex]')?.focus()
    focusOnMount.current = false
    if (!openOnMount.current) return
    const timer = setTimeout(() => {
      openOnMount.current = false
      setOpen(true)
    }, 0)
    return () => clearTimeout(timer)
  }, [])

  const early = () => {
    if (props.disabled) return
    openOnMount.current = true
    ask()
  }

  return (
    <span ref={wrapper} className="kobo-lazy-trigger" onClickCapture={mounted ? undefined : early}>
      {wanted ? (
        <Suspense fallback={children}>
          <WhenMounted run={onMounted} />
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
      ) : (
        children
      )}
    </span>
  )
}

/** Runs `run` once its Suspense boundary shows its content, i.e. the Dropdown is mounted. */
function WhenMounted({ run }: { run: () => void | (() => void) }) {
  useEffect(run, [run])
  return null
}
