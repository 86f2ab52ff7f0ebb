import { startTransition, useEffect, useState } from 'react'

/** Runs `then` once the browser has painted the current frame. */
export function afterPaint(then: () => void) {
  requestAnimationFrame(() => setTimeout(then, 0))
}

/**
 * False on a component's first render, true once the browser has painted it. What the first
 * screen does not need (below the fold on a phone) renders in a later task: on Lighthouse's
 * phone (4x slower CPU) antd's page replacing the first view was one task of 190-320 ms, and
 * every task's time past 50 ms counts as blocking time (issue 23). A render in a transition,
 * so that React may split it further.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    let live = true
    afterPaint(() => {
      if (live) startTransition(() => setPainted(true))
    })
    return () => {
      live = false
    }
  }, [])
  return painted
}
