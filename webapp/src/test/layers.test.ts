/**
 * The import-boundary rule (eslint.layers.js, docs/frontend.md "Layers") really fails a
 * feature that imports another feature or the app, and a kit file that imports a feature;
 * and the real files it is shown pass.
 */
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// Vitest runs in webapp/ (npm --workspace webapp run test), where eslint.config.js is.
const eslint = new ESLint({ cwd: process.cwd() })

async function boundaryErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message)
}

describe('layer boundaries', { timeout: 60_000 }, () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await boundaryErrors(
      "import { TRANSFER_HEADING } from '../transfers/texts'\nexport const probe = TRANSFER_HEADING\n",
      'src/features/bills/layersProbe.ts',
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/domain="bills" to elements of type "feature" and captured values: domain="transfers"/)
  })

  it('refuses a feature importing the app, and a kit file importing a feature', async () => {
    expect(await boundaryErrors("import { makeStore } from '../../app/store'\nexport const probe = makeStore\n", 'src/features/bills/layersProbe.ts')).toHaveLength(1)
    expect(await boundaryErrors("import { TRANSFER_HEADING } from '../features/transfers/texts'\nexport const probe = TRANSFER_HEADING\n", 'src/lib/layersProbe.ts')).toHaveLength(1)
    expect(await boundaryErrors("import { makeStore } from '../app/store'\nexport const probe = makeStore\n", 'src/components/layersProbe.ts')).toHaveLength(1)
  })

  it('lets a feature use its own files and the kit, and the app use anything', async () => {
    const feature = [
      "import { TRANSFER_HEADING } from './texts'",
      "import { KOBO_BANK_CODE } from '../../lib/bank'",
      "import { CodeDialog } from '../../components/code/CodeDialog'",
      "import { useAppSelector } from '../../store/hooks'",
      "import { callApi } from '../../api/saga'",
      'export const probe = [TRANSFER_HEADING, KOBO_BANK_CODE, CodeDialog, useAppSelector, callApi]',
    ].join('\n')
    expect(await boundaryErrors(feature, 'src/features/transfers/layersProbe.ts')).toEqual([])
    expect(await boundaryErrors("import { TransferPage } from '../features/transfers/TransferPage'\nexport const probe = TransferPage\n", 'src/app/layersProbe.ts')).toEqual([])
  })

  it('passes the real tree: a page of a feature, the shared kit and the composition root', async () => {
    const results = await eslint.lintFiles([
      'src/features/transfers/components/TransferForm.tsx',
      'src/store/payees/nameLookup.ts',
      'src/store/hooks.ts',
      'src/app/signedInFeatures.ts',
    ])
    const errors = results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'boundaries/dependencies'))
    expect(errors).toEqual([])
  })
})
