/**
 * Lets the browser run other work (paint, input) before the rest of a long job: the rest
 * continues in a new task. On Lighthouse's phone (4x slower CPU) start-up ran as one task of
 * about 300 ms, and every task's time past 50 ms counts as blocking time (issue 23).
 * `scheduler.yield` where the browser has it (the rest keeps its priority), a timer
 * otherwise.
 */
interface WithScheduler {
  scheduler?: { yield?: () => Promise<void> }
}

export function yieldToMain(): Promise<void> {
  const { scheduler } = globalThis as WithScheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resume) => setTimeout(resume, 0))
}

/**
 * Runs `task` once the browser has nothing better to do (after the first screen has
 * painted), at the latest after `timeout` ms; a timer where idle callbacks are missing.
 * Returns what cancels it (a React effect's cleanup).
 */
export function whenIdle(task: () => void, timeout = 4000): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(task, { timeout })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = setTimeout(task, timeout / 2)
  return () => clearTimeout(handle)
}
