/**
 * antd's prebuilt stylesheet (zero-runtime mode, app/theme.ts), split in two
 * at build time (issue 23): `virtual:antd-styles/first-screen.css` holds the
 * rules of the components the phone's first screens use
 * (src/app/antdFirstScreen.ts), `virtual:antd-styles/rest.css` every other
 * rule. Whole antd.css is 108 KB gzipped, more than a second on Lighthouse's
 * slow 4G; the first part is what /home and /transfer wait for.
 *
 * A rule goes to the first part when every `.ant-<word>` class in its
 * selector belongs to a first-screen component (rules with none, such as
 * keyframes and resets, too). Group rules (@media, @supports, @container)
 * are split by their children. Both parts stay in the `antd` cascade layer
 * (index.css orders the layers), so the app's own styles win as before.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import postcss, { type ChildNode, type Container, type Root } from 'postcss'
import type { Plugin } from 'vite'
import { FIRST_SCREEN_ANTD_WORDS } from '../src/app/antdFirstScreen'

const PREFIX = 'virtual:antd-styles/'
const PARTS = ['first-screen.css', 'rest.css'] as const
type Part = (typeof PARTS)[number]

const firstScreenWords = new Set(FIRST_SCREEN_ANTD_WORDS)

function isFirstScreenSelector(selector: string): boolean {
  return [...selector.matchAll(/\.ant-([a-z]+)/g)].every(([, word]) => firstScreenWords.has(word))
}

/** Moves each child of `from` into the matching container of the two parts. */
function split(from: Container, first: Container, rest: Container): void {
  for (const node of [...(from.nodes ?? [])] as ChildNode[]) {
    if (node.type === 'rule') {
      ;(isFirstScreenSelector(node.selector) ? first : rest).append(node.clone())
    } else if (node.type === 'atrule' && node.nodes && /^(media|supports|container|layer)$/.test(node.name)) {
      const firstGroup = node.clone({ nodes: [] })
      const restGroup = node.clone({ nodes: [] })
      split(node, firstGroup, restGroup)
      if (firstGroup.nodes?.length) first.append(firstGroup)
      if (restGroup.nodes?.length) rest.append(restGroup)
    } else if (node.type !== 'comment') {
      // @keyframes and anything else without a component of its own.
      first.append(node.clone())
    }
  }
}

function buildParts(): Record<Part, string> {
  const path = createRequire(import.meta.url).resolve('antd/dist/antd.css')
  const whole: Root = postcss.parse(readFileSync(path, 'utf8'))
  const first = postcss.root()
  const rest = postcss.root()
  split(whole, first, rest)
  const layered = (root: Root) => `@layer antd{${root.toString()}}`
  return { 'first-screen.css': layered(first), 'rest.css': layered(rest) }
}

export function antdStyles(): Plugin {
  let parts: Record<Part, string> | null = null
  return {
    name: 'kobo-antd-styles',
    resolveId(id) {
      // The \0 marks a virtual module; the .css ending lets Vite's CSS pipeline take it.
      return id.startsWith(PREFIX) && PARTS.includes(id.slice(PREFIX.length) as Part) ? `\0${id}` : null
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null
      parts ??= buildParts()
      return parts[id.slice(PREFIX.length + 1) as Part]
    },
  }
}
