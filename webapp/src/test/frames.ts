/**
 * Animation frames for the tests, on the real clock whatever a test fakes.
 *
 * jsdom runs requestAnimationFrame's callbacks from a setInterval it starts when the first
 * frame is asked for and stops when none is left, and it looks setInterval up on the global
 * at that moment. Redux Toolkit's autoBatchEnhancer keeps the requestAnimationFrame it found
 * when it loaded, so a dispatch during a test with fake timers asked jsdom for a frame
 * through the real function: jsdom's interval was then a fake one, and when the test put the
 * real timers back with a frame still waiting, jsdom never ran a frame again in that worker
 * (the files share one jsdom). HomePage.test.tsx's later tests then waited in vain for the
 * part of the dashboard that renders after the first paint (a CI run under load, session 26).
 *
 * The stand-in below keeps the real setTimeout from before any test ran. While a test fakes
 * timers, vitest still replaces the global requestAnimationFrame with its own, so the test
 * controls the frames it asks for; a function kept from earlier still gets a real frame.
 */
const FRAME_MS = 1000 / 60

export function installFramesOnRealTimers() {
  const realSetTimeout = globalThis.setTimeout
  const realClearTimeout = globalThis.clearTimeout
  const requestAnimationFrame = (callback: FrameRequestCallback) =>
    Number(realSetTimeout(() => callback(performance.now()), FRAME_MS))
  const cancelAnimationFrame = (handle: number) => realClearTimeout(handle)
  for (const target of [window, globalThis]) {
    Object.defineProperty(target, 'requestAnimationFrame', { writable: true, configurable: true, value: requestAnimationFrame })
    Object.defineProperty(target, 'cancelAnimationFrame', { writable: true, configurable: true, value: cancelAnimationFrame })
  }
}

// On import, so that setup.ts can install it before anything that keeps a reference loads.
installFramesOnRealTimers()
