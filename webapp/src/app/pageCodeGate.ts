/**
 * Holds back the code of the first signed-in page while its first view paints (issue 23;
 * painted by index.html's first script since issue 43: src/firstPaint.ts, paintedFirstView.ts). On a phone's slow network the page's chunks (antd, the shell, the page:
 * about 200 KB gzipped) would share the link with the start-up bundle and the first
 * screen's data, and the first view would wait for all of them; so the router's lazy
 * routes start loading only once the first view has drawn what it has (or at the latest
 * after MAX_HOLD_MS). Nothing holds it but start-up: tests and later navigations go
 * straight through.
 */
export const MAX_HOLD_MS = 2000

let gate: Promise<void> = Promise.resolve()
let release: () => void = () => {}

/** Closes the gate until `releasePageCode` is called, or `maxMs` have passed. */
export function holdPageCode(maxMs = MAX_HOLD_MS): void {
  gate = new Promise<void>((open) => {
    release = open
    setTimeout(open, maxMs)
  })
}

/** Opens the gate (the first view has painted). */
export function releasePageCode(): void {
  release()
}

/** Resolves once the page's code may load. */
export function pageCodeGate(): Promise<void> {
  return gate
}
