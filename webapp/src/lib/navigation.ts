/**
 * How sagas move the user. `navigate` is an in-app (router) transition; it is
 * bound to the data router when the router is created (or to a memory router
 * in tests). `hardNavigate` is a full page load, which logout uses so that no
 * state of the old session survives in memory. Sagas call these through the
 * `navigation` object so tests can replace them with spies.
 */
export type NavigateFn = (to: string, options?: { replace?: boolean }) => void

let boundNavigate: NavigateFn | null = null
let boundPendingPath: () => string | null = () => null

export const navigation = {
  navigate(to: string, options?: { replace?: boolean }): void {
    if (boundNavigate) boundNavigate(to, options)
    else navigation.hardNavigate(to)
  },
  hardNavigate(to: string): void {
    window.location.assign(to)
  },
  bind(navigate: NavigateFn | null): void {
    boundNavigate = navigate
  },
  /**
   * The path (with search and hash) the router is on its way to while a page's code loads,
   * else null: a reload for a vanished chunk (app/chunkReload.ts) lands where the customer
   * was going, not back where they clicked.
   */
  pendingPath(): string | null {
    return boundPendingPath()
  },
  bindPendingPath(pendingPath: () => string | null): void {
    boundPendingPath = pendingPath
  },
}
