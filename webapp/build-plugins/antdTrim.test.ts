import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { withDirectFormProvider, withoutCardTabs, withoutStyleGenerators, withoutUniqueTooltip } from './antdTrim'

const STYLE_MODULE = `import { genFocusStyle } from '../../style';
import { genStyleHooks, genSubStyleComponent } from '../../theme/internal';
import { prepareComponentToken } from './token';
const genSharedStyle = token => ({ [token.componentCls]: { ...genFocusStyle(token), color: token.colorText } });
export const Compact = genSubStyleComponent(['Button', 'compact'], token => [genSharedStyle(token)], prepareComponentToken);
export default genStyleHooks('Button', token => {
  const merged = { ...token, inner: genStyleHooks('Inner', t => t) };
  return [genSharedStyle(merged)];
}, prepareComponentToken, { unitless: { fontWeight: true } });
`

describe("antd's style generators left out of the build", () => {
  it('replaces each style function, keeps the names, component tokens and options', () => {
    const stripped = withoutStyleGenerators(STYLE_MODULE)
    expect(stripped).toContain("genSubStyleComponent(['Button', 'compact'], () => [], prepareComponentToken)")
    expect(stripped).toContain("genStyleHooks('Button', () => [], prepareComponentToken, { unitless: { fontWeight: true } })")
    // The nested call went with the function around it, and nothing calls the generator any more.
    expect(stripped).not.toContain("'Inner'")
    expect(stripped.match(/genSharedStyle\(/g)).toBeNull()
  })

  it('leaves a module without style hooks as it is', () => {
    const code = "import * as React from 'react';\nexport default function Button() { return null }\n"
    expect(withoutStyleGenerators(code)).toBe(code)
  })
})

describe("antd's form context importing FormProvider directly", () => {
  it("rewrites the import in the installed antd's module", () => {
    const path = createRequire(import.meta.url).resolve('antd/es/form/context.js')
    const rewritten = withDirectFormProvider(readFileSync(path, 'utf8'))
    expect(rewritten).toContain("from '@rc-component/form/es/FormContext'")
    expect(rewritten).not.toContain("from '@rc-component/form';")
  })

  it('stops the build when the line has changed', () => {
    expect(() => withDirectFormProvider("import { FormProvider } from '@rc-component/form';")).toThrow(/no longer has/)
  })
})

describe("antd's Card without its tabs", () => {
  it("replaces the import in the installed antd's Card with a stand-in that says why", () => {
    const path = createRequire(import.meta.url).resolve('antd/es/card/Card.js')
    const rewritten = withoutCardTabs(readFileSync(path, 'utf8'))
    expect(rewritten).not.toContain("from '../tabs'")
    expect(rewritten).toContain('tabList is left out of the build')
  })
})

describe("antd's ConfigProvider without the shared tooltip", () => {
  it("replaces the import in the installed antd's ConfigProvider with a stand-in that says why", () => {
    const path = createRequire(import.meta.url).resolve('antd/es/config-provider/index.js')
    const rewritten = withoutUniqueTooltip(readFileSync(path, 'utf8'))
    expect(rewritten).not.toContain("from '../tooltip/UniqueProvider'")
    expect(rewritten).toContain('tooltip.unique is left out of the build')
  })
})
