/**
 * index.html's first script (issue 43): src/earlyFetch.ts, built as an entry of its own and
 * put first in the page's head, inline, so a signed-in page asks for its data as soon as the
 * HTML has arrived rather than after the start-up bundle, and paints its first view
 * (src/firstPaint.ts, in the same file). Inline rather than a file of its own (issue 57): on
 * a crowded 3G cell that file took a round trip and 1.4 s, sharing the link with the start-up
 * bundle, before the data was even asked for (Lighthouse, real throttling). The BFF's
 * Content-Security-Policy allows it by its hash (bff/spa.py). (A second
 * <script type="module"> in index.html would not do: Vite folds every module script of a
 * page into one entry.) The built file stays in assets/, unused, so that the budget
 * (scripts/bundle-budget.mjs) still counts these bytes.
 *
 * In a build it also starts the app: the start-up bundle's <script> becomes a
 * <link rel="modulepreload"> (downloaded at once, as before, but not run), and the first
 * script runs it (`data-app`) once the first view has painted, so that on a slow phone
 * the bundle's seconds of script never hold back the first view's paint. The dev server
 * keeps index.html's own <script>.
 */
import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite'

const SOURCE = 'src/earlyFetch.ts'
/** The start-up bundle's tag as Vite writes it into index.html. */
const APP_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g

export function earlyFetch(): Plugin {
  return {
    name: 'kobo-early-fetch',
    config: () => ({ build: { rollupOptions: { input: { index: 'index.html', earlyFetch: SOURCE } } } }),
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) {
          // The dev server compiles it on request.
          const tags: HtmlTagDescriptor[] = [
            { tag: 'script', attrs: { type: 'module', crossorigin: true, src: `/${SOURCE}` }, injectTo: 'head-prepend' },
          ]
          return tags
        }
        const chunk = Object.values(bundle).find(
          (output): output is Rollup.OutputChunk =>
            output.type === 'chunk' && output.isEntry && !!output.facadeModuleId?.endsWith(`/${SOURCE}`),
        )
        if (!chunk) throw new Error(`earlyFetch: no entry chunk for ${SOURCE}`)
        // One script, inline: an import would cost a round trip.
        if (chunk.imports.length) throw new Error(`earlyFetch: ${SOURCE} imports ${chunk.imports.join(', ')}`)
        // Either would end the inline script early, or change how the HTML parser reads it.
        if (/<\/script|<!--/i.test(chunk.code)) throw new Error(`earlyFetch: ${SOURCE} contains "</script" or "<!--"; it cannot be inline`)
        // A classic script has neither (below).
        if (/\bimport\.meta\b|\bexport\s*\{/.test(chunk.code)) throw new Error(`earlyFetch: ${SOURCE} uses import.meta or exports; it cannot be a classic script`)
        const apps = [...html.matchAll(APP_SCRIPT)]
        if (apps.length !== 1) throw new Error(`earlyFetch: expected one start-up <script> in index.html, found ${apps.length}`)
        const [appTag, app] = apps[0]
        return {
          html: html.replace(appTag, `<link rel="modulepreload" crossorigin href="${app}">`),
          tags: [
            // A classic script, not a module: a module waits for the whole page and its
            // stylesheets before it runs; this one runs as soon as it arrives, first in the head.
            // In a function of its own, so that its names stay out of the page's globals.
            // Without the source map's comment (a build with `--sourcemap`): a line comment there
            // would swallow the function's closing `})()`.
            { tag: 'script', attrs: { 'data-app': app }, children: `(()=>{${withoutSourceMapComment(chunk.code)}})()`, injectTo: 'head-prepend' },
          ],
        }
      },
    },
  }
}

/** The code without a trailing `//# sourceMappingURL=…` line, trimmed. */
export function withoutSourceMapComment(code: string): string {
  return code.replace(/\n?\/\/# sourceMappingURL=\S*\s*$/, '').trim()
}
