/**
 * The antd components whose styles the first screen of /home and /transfer
 * needs (with the shell around them and the popups they open), by the first
 * word of their class names (`ant-btn-primary` → `btn`). Only these styles are
 * loaded with the signed-in shell; the rest of antd's stylesheet follows when
 * the browser is idle, and before any other page renders (issue 23; see
 * build-plugins/antdStyles.ts and app/antdStyles.ts).
 *
 * antdFirstScreen.test.tsx renders both pages and fails if they use a class
 * outside this list.
 */
export const FIRST_SCREEN_ANTD_WORDS: readonly string[] = [
  // Design tokens, resets, motion and the click wave that every component uses.
  'css', 'app', 'motion', 'wave', 'fade', 'zoom', 'slide', 'move', 'scroll', 'border',
  // The shell: layout, side menu, phone drawer, user menu.
  'layout', 'menu', 'drawer', 'dropdown', 'avatar', 'btn', 'button', 'tooltip',
  // The pages: cards, grid, texts, load states, the transfer form.
  'card', 'row', 'col', 'typography', 'space', 'flex', 'skeleton', 'alert', 'empty', 'spin', 'tag',
  'form', 'input', 'select', 'checkbox',
]

/** The first word of an antd class name (`ant-input-number-input` → `input`), or null. */
export function antdWordOf(className: string): string | null {
  return /^ant-([a-z]+)/.exec(className)?.[1] ?? null
}
