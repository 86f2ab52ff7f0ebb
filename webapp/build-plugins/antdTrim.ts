/**
 * Leaves out of the build the parts of antd that the app ships but never runs (issue 57):
 *
 * 1. **The style generators.** The app runs antd in zero-runtime mode (lib/theme.ts:
 *    `zeroRuntime: true`) on its prebuilt stylesheet (build-plugins/antdStyles.ts), so antd
 *    never calls the functions that write each component's CSS-in-JS: its style hook returns
 *    before them. They were still shipped, because each component's `style/index.js` passes
 *    them to `genStyleHooks(name, styleFn, componentToken, options)`: about a sixth of
 *    /home's first-screen JavaScript. In antd's modules the `styleFn` argument of every
 *    `genStyleHooks`, `genComponentStyleHook` and `genSubStyleComponent` call becomes
 *    `() => []`; the generators, no longer referenced, are tree-shaken. The component tokens
 *    (the third argument) stay: the zero-runtime hook still writes them as CSS variables,
 *    which the prebuilt stylesheet reads.
 * 2. **@rc-component/form behind one import.** Every antd component that can sit in a form
 *    (tooltip, dropdown, input…) reaches antd's form context, which imports
 *    `FormProvider` from @rc-component/form's index; that index assigns to its exports, so
 *    the bundler keeps the whole form library and its validator (about 17 KB gzipped) on
 *    pages without a form. The import goes to the module that defines `FormProvider`.
 * 3. **Card's tabs.** antd's Card imports Tabs (and through them a menu and a dropdown for
 *    tabs that overflow) for its `tabList`, which the app never uses (eslint.config.js
 *    forbids it): about 17 KB gzipped on every page with a card. Card gets a stand-in that
 *    says so if it is ever rendered.
 * 4. **ConfigProvider's shared tooltip.** antd's ConfigProvider imports the provider of
 *    `tooltip={{ unique: true }}` (one tooltip moving between triggers), and with it
 *    @rc-component/trigger, its popup and motion: about 8 KB gzipped on every first screen,
 *    which otherwise has no popup until the first hover (components/LazyTooltip.tsx). The
 *    app never asks for it (components/AntdProviders.tsx); a stand-in says so if it is.
 *
 * Build only: the tests and the dev server do not bundle node_modules this way.
 */
import { parseAst, type Plugin } from 'vite'

const GENERATOR_HOSTS = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent'])
const ANTD_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/].+\.js$/

interface Node {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'
}

/** The source ranges of the style-function arguments in `program`, in source order. */
function styleFunctionRanges(program: Node): Array<[number, number]> {
  const ranges: Array<[number, number]> = []
  const visit = (node: Node) => {
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node
      const args = node.arguments as Node[]
      if (callee.type === 'Identifier' && GENERATOR_HOSTS.has(callee.name as string) && args.length >= 2) {
        ranges.push([args[1].start, args[1].end])
      }
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.filter(isNode).forEach(visit)
      else if (isNode(value)) visit(value)
    }
  }
  visit(program)
  return ranges.sort((a, b) => a[0] - b[0])
}

function parseModule(code: string): Node {
  return parseAst(code) as unknown as Node
}

/** `code` with the source ranges replaced, in order, by `by`. */
function replaceRanges(code: string, ranges: Array<[number, number]>, by: string): string {
  let result = ''
  let from = 0
  for (const [start, end] of ranges) {
    if (start < from) continue // inside a range already replaced
    result += code.slice(from, start) + by
    from = end
  }
  return result + code.slice(from)
}

/** `code` with each style function replaced by one that writes no style. */
export function withoutStyleGenerators(code: string): string {
  if (![...GENERATOR_HOSTS].some((name) => code.includes(`${name}(`))) return code
  return replaceRanges(code, styleFunctionRanges(parseModule(code)), '() => []')
}

const FORM_CONTEXT = /[\\/]node_modules[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/
const FORM_INDEX_IMPORT = "import { FormProvider as RcFormProvider } from '@rc-component/form';"
const FORM_PROVIDER_IMPORT = "import { FormProvider as RcFormProvider } from '@rc-component/form/es/FormContext';"

/** antd's form context importing `FormProvider` from its own module (2. above). */
export function withDirectFormProvider(code: string): string {
  return replaceLine(code, FORM_INDEX_IMPORT, FORM_PROVIDER_IMPORT, 'antd/es/form/context.js')
}

const CARD = /[\\/]node_modules[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/
const CARD_TABS_IMPORT = "import Tabs from '../tabs';"
const CARD_TABS_STAND_IN =
  "const Tabs = () => { throw new Error('antd Card tabList is left out of the build (build-plugins/antdTrim.ts)') };"

/** antd's Card without its tabs (3. above). */
export function withoutCardTabs(code: string): string {
  return replaceLine(code, CARD_TABS_IMPORT, CARD_TABS_STAND_IN, 'antd/es/card/Card.js')
}

const CONFIG_PROVIDER = /[\\/]node_modules[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/
const UNIQUE_TOOLTIP_IMPORT = "import UniqueProvider from '../tooltip/UniqueProvider';"
const UNIQUE_TOOLTIP_STAND_IN =
  "const UniqueProvider = () => { throw new Error('antd ConfigProvider tooltip.unique is left out of the build (build-plugins/antdTrim.ts)') };"

/** antd's ConfigProvider without the shared tooltip's provider (4. above). */
export function withoutUniqueTooltip(code: string): string {
  return replaceLine(code, UNIQUE_TOOLTIP_IMPORT, UNIQUE_TOOLTIP_STAND_IN, 'antd/es/config-provider/index.js')
}

/** `code` with `line` replaced; a build error if `line` is gone (a new antd release). */
function replaceLine(code: string, line: string, by: string, module: string): string {
  if (!code.includes(line)) throw new Error(`antdTrim: ${module} no longer has \`${line}\``)
  return code.replace(line, by)
}

export function antdTrim(): Plugin {
  return {
    name: 'kobo-antd-trim',
    apply: 'build',
    transform(code, id) {
      if (!ANTD_MODULE.test(id)) return null
      const source = FORM_CONTEXT.test(id)
        ? withDirectFormProvider(code)
        : CARD.test(id)
          ? withoutCardTabs(code)
          : CONFIG_PROVIDER.test(id)
            ? withoutUniqueTooltip(code)
            : code
      const trimmed = withoutStyleGenerators(source)
      return trimmed === code ? null : { code: trimmed, map: null }
    },
  }
}
