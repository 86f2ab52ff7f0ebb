// The webapp's layers and the one direction they import in (docs/frontend.md, "Layers").
//
//   app         the composition root: store, router, providers, layouts, pages. May import anything.
//   feature     src/features/<domain>/: one screen family. Imports its own files and the kit,
//               never another feature, never app.
//   kit         src/components (shared UI), src/lib (pure helpers), src/api (client, saga
//               helpers, wire types), src/store (hooks, session, toasts and the slices several
//               features share). Imports only the kit.
//
// Mock and test files (src/mocks/**, src/test/**, features' mocks and mock data, *.test.*)
// are dev elements: they may import any layer, and the rule does not look at them.
// src/test/layers.test.ts proves the rule fails on a feature importing another feature.

/** Files the boundary rule leaves alone (mocks, tests and their helpers). */
export const DEV_FILES = [
  'src/mocks/**',
  'src/test/**',
  'src/features/*/mocks.ts',
  'src/features/*/mock*.ts',
  'src/features/*/test*.ts',
  '**/*.test.ts',
  '**/*.test.tsx',
]

const KIT = ['components', 'lib', 'api', 'store']

export const LAYER_ELEMENTS = [
  { type: 'app', pattern: 'src/app' },
  { type: 'feature', pattern: 'src/features/*', capture: ['domain'] },
  { type: 'components', pattern: 'src/components' },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'api', pattern: 'src/api' },
  { type: 'store', pattern: 'src/store' },
]

export const LAYER_POLICIES = [
  { from: { element: { types: { anyOf: ['app'] } } }, allow: { to: { element: { types: { anyOf: ['app', 'feature', ...KIT] } } } } },
  { from: { element: { type: 'feature' } }, allow: { to: { element: { types: { anyOf: KIT } } } } },
  { from: { element: { types: { anyOf: KIT } } }, allow: { to: { element: { types: { anyOf: KIT } } } } },
]

/** The flat-config blocks that turn the rule on for src/, with `boundaries` the plugin. */
export function layerBoundaries(boundaries) {
  return [
    {
      files: ['src/**/*.{ts,tsx}'],
      ignores: DEV_FILES,
      plugins: { boundaries },
      settings: {
        'boundaries/elements': LAYER_ELEMENTS,
        'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      },
      rules: {
        'boundaries/dependencies': ['error', { default: 'disallow', policies: LAYER_POLICIES }],
      },
    },
  ]
}
