/**
 * index.html's first script (issue 43): src/earlyFetch.ts, built as an entry of its own and
 * put first in the page's head, so a signed-in page asks for its data a few hundred bytes
 * after the HTML rather than after the start-up bundle. (A second <script type="module"> in
 * index.html would not do: Vite folds every module script of a page into one entry.)
 */
import type { Plugin, Rollup } from 'vite'

const SOURCE = 'src/earlyFetch.ts'

export function earlyFetch(): Plugin {
  return {
    name: 'kobo-early-fetch',
    config: () => ({ build: { rollupOptions: { input: { index: 'index.html', earlyFetch: SOURCE } } } }),
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        let src = `/${SOURCE}` // the dev server compiles it on request
        if (bundle) {
          const chunk = Object.values(bundle).find(
            (output): output is Rollup.OutputChunk =>
              output.type === 'chunk' && output.isEntry && !!output.facadeModuleId?.endsWith(`/${SOURCE}`),
          )
          if (!chunk) throw new Error(`earlyFetch: no entry chunk for ${SOURCE}`)
          src = `/${chunk.fileName}`
        }
        return [{ tag: 'script', attrs: { type: 'module', crossorigin: true, src }, injectTo: 'head-prepend' }]
      },
    },
  }
}
