/**
 * Lists what each signed-in first screen (/home, /transfer) downloads, for
 * scripts/bundle-budget.mjs: the start-up files, and for each address the
 * chunks and stylesheets the router loads for that page (with everything they
 * import statically), in `.vite/first-screens.json`.
 *
 * Until the first views (issue 23; src/firstPaint.ts since issue 43) this plugin also
 * wrote a script that preloaded those chunks beside the start-up bundle. On a
 * phone's slow network that made the start-up bundle share the link with
 * 200 KB of antd, and the first view, which needs only the first script and
 * the summary, would have waited for them; so the page's chunks now load once
 * the first view has painted (src/app/pageCodeGate.ts).
 */
import type { Plugin, Rollup } from 'vite'

const REPORT = '.vite/first-screens.json'

/** For each address, the modules the router loads for it (webapp-relative paths). */
export type FirstScreenRoutes = Record<string, string[]>

function chunkOf(bundle: Rollup.OutputBundle, module: string): Rollup.OutputChunk {
  const chunk = Object.values(bundle).find(
    (output): output is Rollup.OutputChunk => output.type === 'chunk' && output.moduleIds.some((id) => id.endsWith(`/${module}`)),
  )
  if (!chunk) throw new Error(`firstScreens: no chunk holds ${module}`)
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

export function firstScreens({ routes }: { routes: FirstScreenRoutes }): Plugin {
  return {
    name: 'kobo-first-screens',
    apply: 'build',
    // After Vite's own steps, which remove the stylesheet-only chunks from the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const entries = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk' && o.isEntry)
      const startup = filesOf(bundle, entries)
      const filesByRoute: Record<string, string[]> = {}
      for (const [route, modules] of Object.entries(routes)) {
        const files = filesOf(bundle, modules.map((module) => chunkOf(bundle, module)))
        filesByRoute[route] = [...files].filter((file) => !startup.has(file)).sort()
      }
      const report = { startup: [...startup].sort(), routes: filesByRoute }
      this.emitFile({ type: 'asset', fileName: REPORT, source: JSON.stringify(report, null, 2) })
    },
  }
}
