/**
 * antd's component styles, prebuilt (antd's zero-runtime mode, see theme.ts): the browser
 * parses a stylesheet instead of antd generating CSS in JavaScript on every page's first
 * render. The Kobo theme still reaches them: antd sets its design tokens as CSS variables.
 * They sit in the `antd` cascade layer, which index.css orders after `base` and before every
 * unlayered rule, so the app's own styles override antd's whatever order they arrive in.
 *
 * The stylesheet comes in two parts (issue 23, build-plugins/antdStyles.ts). The first-screen
 * part (its components: app/antdFirstScreen.ts) comes with the signed-in shell and with
 * AntdProviders (components/useAntdStyles.ts); the rest loads when the browser is idle after
 * the first signed-in screen, and every other page waits for it (routes.tsx).
 */
import { whenIdle } from './yieldToMain'

let rest: Promise<unknown> | null = null

/** Loads the rest of antd's styles; resolves once they apply. Safe to call many times. */
export function loadAntdRestStyles(): Promise<unknown> {
  rest ??= import('./antdRestStyles')
  return rest
}

/** Loads the rest once the browser has nothing better to do (the first screen has painted). */
export function loadAntdRestStylesWhenIdle(): void {
  whenIdle(() => void loadAntdRestStyles())
}

/**
 * A lazily loaded widget's module, resolved once the rest of antd's styles apply too: a
 * widget opened on the first screen (a dialog, the date picker) may use components
 * outside the first-screen part and must not show unstyled.
 */
export async function withAntdRestStyles<T>(load: () => Promise<T>): Promise<T> {
  const [module] = await Promise.all([load(), loadAntdRestStyles()])
  return module
}
