// Flat config: JS recommended + typescript-eslint (type-aware where cheap) +
// React hooks rules. typescript-eslint needs the `typescript@5` JS API.
import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import reactRefresh from 'eslint-plugin-react-refresh'
import boundaries from 'eslint-plugin-boundaries'
import tseslint from 'typescript-eslint'
import { layerBoundaries } from './eslint.layers.js'

export default tseslint.config(
  { ignores: ['dist', 'dist-mock', 'coverage', 'playwright-report', 'test-results', 'e2e-runs', 'e2e/screenshots', 'public/mockServiceWorker.js', 'src/api/schema.d.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: {
      'react-hooks': reactHooks,
      'react-refresh': reactRefresh,
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Tests and tool configs export helpers freely.
    files: ['**/*.test.{ts,tsx}', 'src/test/**', 'e2e/**', '*.config.ts'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
  // Layers import in one direction (docs/frontend.md, "Layers"): app → features → kit.
  ...layerBoundaries(boundaries),
)
