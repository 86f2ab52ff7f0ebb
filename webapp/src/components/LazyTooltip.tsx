/**
 * antd's Tooltip for a first screen's button (/home's Transfer, "Make a transfer", "+"): its
 * code (with @rc-component/trigger, its popup, motion and portal) loads at the first hover
 * or focus on the trigger, not with the first screen (issue 57). Until then the trigger is
 * drawn as antd's closed Tooltip draws it: the child alone, with its own accessible name (a
 * closed Tooltip adds no aria-describedby either). A pointer still over the trigger when the
 * code arrives opens the tooltip.
 *
 * Props that a parent trigger gives its child (LazyDropdown's Dropdown: its click handler,
 * class and ref) reach the button before the Tooltip has loaded, and the Tooltip after.
 *
 * The trigger is drawn anew when the Tooltip arrives: a keyboard user focused on it keeps
 * the focus (it moves to the new trigger). It is drawn after antd's own hover delay, so a
 * click that follows the first hover at once (a tap's first touch is also its first hover)
 * lands on the button it began on; a press under way ends first too.
 */
import { flushSync } from 'react-dom'
import {
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react'
import type { TooltipProps, TooltipRef } from 'antd'

type TriggerProps = Omit<HTMLAttributes<HTMLElement>, 'title'>
type Props = TriggerProps & { title: ReactNode; children: ReactElement<TriggerProps>; ref?: Ref<unknown> }
type Loaded = { Tooltip: ComponentType<TooltipProps & { ref?: Ref<TooltipRef> }>; openAtMount: boolean }

/** antd's Tooltip opens 0.1 s after the pointer enters (its `mouseEnterDelay`). */
const HOVER_DELAY_MS = 100

let themedTooltip: Promise<Loaded['Tooltip']> | null = null

/** antd's Tooltip with its own antd providers: the first screen has none (withAntdProviders.tsx). */
function loadTooltip(): Promise<Loaded['Tooltip']> {
  themedTooltip ??= Promise.all([import('antd/es/tooltip'), import('./withAntdProviders')]).then(([tooltip, { withAntdProviders }]) =>
    withAntdProviders(tooltip.default),
  )
  return themedTooltip
}

function assignRef<T>(ref: Ref<T> | undefined, value: T) {
  if (typeof ref === 'function') ref(value)
  else if (ref) ref.current = value
}

/** The trigger's element: a DOM node before the Tooltip loads, its `nativeElement` after. */
function elementOf(node: unknown): HTMLElement | null {
  if (node instanceof HTMLElement) return node
  return (node as TooltipRef | null)?.nativeElement ?? null
}

/** `given` over `own`, as a trigger gives props to its child: both handlers run, both classes stay. */
function merged(own: TriggerProps, given: TriggerProps): TriggerProps {
  const props: Record<string, unknown> = { ...own, ...given }
  for (const [key, handler] of Object.entries(given)) {
    const first = (own as Record<string, unknown>)[key]
    if (typeof handler === 'function' && typeof first === 'function') {
      props[key] = (...args: unknown[]) => {
        first(...args)
        handler(...args)
      }
    }
  }
  if (own.className && given.className) props.className = `${own.className} ${given.className}`
  return props as TriggerProps
}

export function LazyTooltip({ title, children, ref, ...triggerProps }: Props) {
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const trigger = useRef<HTMLElement | null>(null)
  const hovered = useRef(false)
  const focusOnMount = useRef(false)
  const asked = useRef(false)
  const pressed = useRef(false)
  const waiting = useRef<Loaded['Tooltip'] | null>(null)

  const setTrigger = (node: unknown) => {
    trigger.current = elementOf(node)
    assignRef(ref, node)
  }

  const ask = () => {
    if (asked.current) return
    asked.current = true
    void loadTooltip().then((Tooltip) => setTimeout(() => draw(Tooltip), HOVER_DELAY_MS))
  }

  const draw = (Tooltip: Loaded['Tooltip']) => {
    if (pressed.current) {
      waiting.current = Tooltip
      return
    }
    focusOnMount.current = !!trigger.current?.contains(document.activeElement)
    // At once, so that no press can begin between this check and the new trigger.
    flushSync(() => setLoaded({ Tooltip, openAtMount: hovered.current }))
  }

  /** After the press's click (which follows its pointerup in the same task). */
  const release = () =>
    setTimeout(() => {
      pressed.current = false
      if (waiting.current) draw(waiting.current)
      waiting.current = null
    }, 0)

  useEffect(() => {
    if (!loaded || !focusOnMount.current) return
    focusOnMount.current = false
    if (!trigger.current?.contains(document.activeElement)) trigger.current?.focus()
  }, [loaded])

  // The child as written, with what a parent trigger gives it (JSX rather than cloneElement,
  // which the React Compiler's lint cannot follow refs through).
  const Child = children.type as ComponentType<TriggerProps & { ref?: Ref<unknown> }>
  const own = children.props

  // antd's Tooltip draws nothing without a title: there is nothing to load either.
  if (!title) return <Child {...merged(own, triggerProps)} ref={ref} />

  if (loaded) {
    const { Tooltip, openAtMount } = loaded
    return (
      <Tooltip {...triggerProps} ref={setTrigger} title={title} defaultOpen={openAtMount}>
        {children}
      </Tooltip>
    )
  }

  const given = merged(own, triggerProps)
  return (
    <Child
      {...given}
      ref={setTrigger}
      onPointerEnter={(event) => {
        hovered.current = true
        ask()
        given.onPointerEnter?.(event)
      }}
      onPointerLeave={(event) => {
        hovered.current = false
        given.onPointerLeave?.(event)
      }}
      onFocus={(event) => {
        ask()
        given.onFocus?.(event)
      }}
      onPointerDown={(event) => {
        pressed.current = true
        given.onPointerDown?.(event)
      }}
      onPointerUp={(event) => {
        release()
        given.onPointerUp?.(event)
      }}
      onPointerCancel={(event) => {
        release()
        given.onPointerCancel?.(event)
      }}
    />
  )
}
