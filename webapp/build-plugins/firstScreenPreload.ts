/**
 * Starts downloading the code of a signed-in page opened by address (or
 * reloaded) while the start-up bundle is still on its way (issue 23).
 *
 * Without it a phone fetches the HTML, then the start-up bundle, and only when
 * that has run does the router ask for the page's chunks: on Lighthouse's slow
 * 4G that second wave starts about 2 s in. The build writes
 * `first-screen-preload.js`, a few lines that the HTML loads first: when a
 * session is saved and the address is one of `routes`, it adds a
 * `<link rel=modulepreload>` (stylesheets: `preload`) for each chunk the
 * router will import for that page. The login page is not affected (no
 * session, or not one of the routes). It is a file of its own, not an inline
 * script, because the BFF's Content-Security-Policy allows scripts from the
 * origin only. The lists are also written to `.vite/first-screens.json`, where
 * scripts/bundle-budget.mjs reads what each first screen downloads.
 */
import type { Plugin, Rollup } from 'vite'

const FILE = 'first-screen-preload.js'
const REPORT = '.vite/first-screens.json'

/** For each address, the modules the router loads for it (webapp-relative paths). */
export type FirstScreenRoutes = Record<string, string[]>

function chunkOf(bundle: Rollup.OutputBundle, module: string): Rollup.OutputChunk {
  const chunk = Object.values(bundle).find(
    (output): output is Rollup.OutputChunk => output.type === 'chunk' && output.moduleIds.some((id) => id.endsWith(`/${module}`)),
  )
  if (!chunk) throw new Error(`firstScreenPreload: no chunk holds ${module}`)
  return chunk
}

/** The chunk's file, its static imports' files (recursively) and their stylesheets. */
function filesOf(bundle: Rollup.OutputBundle, roots: Rollup.OutputChunk[]): Set<string> {
  const files = new Set<string>()
  const stack = [...roots]
  while (stack.length) {
    const chunk = stack.pop()!
    if (files.has(chunk.fileName)) continue
    files.add(chunk.fileName)
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css)
    for (const file of chunk.imports) {
      // Vite drops the empty JavaScript of a stylesheet-only chunk; its CSS is listed above.
      const imported = bundle[file]
      if (imported?.type === 'chunk') stack.push(imported)
    }
  }
  return files
}

function preloadScript(filesByRoute: Record<string, string[]>, sessionKey: string, base: string): string {
  return `// Written by build-plugins/firstScreenPreload.ts: preloads a signed-in page's chunks.
(function () {
  var files = ${JSON.stringify(filesByRoute)}[location.pathname.replace(/\\/+$/, '')];
  try {
    if (!files || !localStorage.getItem(${JSON.stringify(sessionKey)})) return;
  } catch (e) {
    return;
  }
  files.forEach(function (file) {
    var link = document.createElement('link');
    if (/\\.css$/.test(file)) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    // As Vite's own loader asks for them (crossorigin): a preload in another credentials
    // mode is not reused, and the file is downloaded twice.
    link.crossOrigin = '';
    link.href = ${JSON.stringify(base)} + file;
    document.head.appendChild(link);
  });
})();
`
}

export function firstScreenPreload({ routes, sessionKey }: { routes: FirstScreenRoutes; sessionKey: string }): Plugin {
  let base = '/'
  return {
    name: 'kobo-first-screen-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base
    },
    transformIndexHtml() {
      // async: it must not hold up the first paint (Lighthouse counted it as render-blocking).
      return [{ tag: 'script', attrs: { src: `${base}${FILE}`, async: true }, injectTo: 'head' }]
    },
    // After Vite's own steps, which remove the stylesheet-only chunks from the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const entries = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk' && o.isEntry)
      // What the start-up bundle loads anyway needs no preload.
      const startup = filesOf(bundle, entries)
      const filesByRoute: Record<string, string[]> = {}
      for (const [route, modules] of Object.entries(routes)) {
        const files = filesOf(bundle, modules.map((module) => chunkOf(bundle, module)))
        filesByRoute[route] = [...files].filter((file) => !startup.has(file)).sort()
      }
      this.emitFile({ type: 'asset', fileName: FILE, source: preloadScript(filesByRoute, sessionKey, base) })
      // For scripts/bundle-budget.mjs: everything each first screen downloads.
      const report = { startup: [...startup].sort(), routes: filesByRoute }
      this.emitFile({ type: 'asset', fileName: REPORT, source: JSON.stringify(report, null, 2) })
    },
  }
}
