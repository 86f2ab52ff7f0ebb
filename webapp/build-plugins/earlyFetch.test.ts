import { describe, expect, it } from 'vitest'
import { withoutSourceMapComment } from './earlyFetch'

describe('the inline first script', () => {
  it('drops the source map comment that would swallow its closing `})()`', () => {
    const code = 'fetch("/api/client-summary");\n//# sourceMappingURL=earlyFetch-ByLUl-MA.js.map\n'
    const inline = `(()=>{${withoutSourceMapComment(code)}})()`
    expect(inline).toBe('(()=>{fetch("/api/client-summary");})()')
    expect(() => new Function(inline)).not.toThrow()
  })

  it('leaves code without one as it is', () => {
    expect(withoutSourceMapComment(' a();b() \n')).toBe('a();b()')
  })
})
