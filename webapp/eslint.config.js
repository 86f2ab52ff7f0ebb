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
  {
    // The first screens' own modules (issue 57, docs/benchmarks.md): antd's components bring
    // their runtime with them (Typography its editor and form state, Button and Tag a colour
    // picker, Avatar and Tooltip a popup); components/PlainText.tsx and components/plain/ draw
    // the same markup, and components/LazyTooltip.tsx loads antd's Tooltip at first hover.
    files: [
      'src/app/layouts/ShellLayout.tsx',
      'src/app/layouts/SideNav.tsx',
      'src/app/layouts/UserMenu.tsx',
      'src/features/dashboard/**/*.tsx',
      'src/components/LoadState.tsx',
      'src/components/BalanceToggle.tsx',
      'src/components/OfflineNotice.tsx',
      'src/components/StatusTag.tsx',
      'src/features/transfers/TransferPage.tsx',
      'src/features/transfers/components/BalancePanel.tsx',
      'src/features/transfers/components/TransferFormPicture.tsx',
    ],
    // The dashboard's panels load at first use, not with the first screen.
    ignores: ['**/*.test.tsx', 'src/features/dashboard/components/AddAccountPanels.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'antd', importNames: ['Typography'], message: 'First-screen modules use Text and Title from components/PlainText.tsx.' },
            {
              name: 'antd',
              importNames: ['Alert', 'Avatar', 'Button', 'Card', 'Checkbox', 'Col', 'Empty', 'Form', 'Input', 'InputNumber', 'Layout', 'Row', 'Select', 'Skeleton', 'Tag'],
              message: 'First-screen modules use components/plain/ (antd’s markup without its JavaScript).',
            },
            { name: 'antd', importNames: ['Tooltip'], message: 'First-screen modules use components/LazyTooltip.tsx.' },
            {
              name: 'antd',
              importNames: ['ConfigProvider', 'App'],
              message: 'First screens have no antd providers (their theme is components/plain/plainTheme.css); a widget loaded later brings its own (components/withAntdProviders.tsx).',
            },
          ],
        },
      ],
    },
  },
  {
    // antd Card's tabList is left out of the build (build-plugins/antdTrim.ts): tabs are PageTabs.
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "JSXAttribute[name.name='tabList']", message: 'antd Card tabList is not built in (build-plugins/antdTrim.ts); use components/PageTabs.' }],
    },
  },
  // Layers import in one direction (docs/frontend.md, "Layers"): app → features → kit.
  ...layerBoundaries(boundaries),
)
