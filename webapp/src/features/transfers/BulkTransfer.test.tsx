/** /transfer?tab=bulk: rows by hand and by CSV, look-ups before Send, one code, each row's result. */
import { screen, waitFor, within } from '@testing-library/react'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { choose, dialog, setUpMoneyTests, typeCode } from './testUtils'
import { BULK_NOT_RESOLVED } from './texts'
import { summaryLines } from './components/bulk/bulkRows'
import type { BulkResult } from '../../api/transferTypes'
import { INVALID_ACCOUNT_DETAILS } from '../../store/payees/texts'

setUpMoneyTests()
// Whole-page journeys: generous on a loaded machine (CI runs them beside the e2e stack).
vi.setConfig({ testTimeout: 45_000 })

function renderBulk() {
  return renderWithProviders({ route: '/transfer?tab=bulk', preloadedState: signedInState('ada') })
}

/** Role queries are slow on this large page; buttons are found by their text. */
const button = (text: string) => screen.getByText(text, { selector: 'button span' }).closest('button')!

const rowsOf = () => within(document.querySelector<HTMLElement>('.kobo-bulk__table tbody')!).getAllByRole('row').filter((r) => !r.classList.contains('ant-table-placeholder') && !r.classList.contains('ant-table-measure-row'))

describe('Bulk Bank Transfer', () => {
  it('adds a row by hand and resolves its name', async () => {
    const { user } = renderBulk()
    await screen.findByText('Add row')
    await user.type(screen.getByLabelText('Account Number'), '1020000218')
    await user.type(screen.getByLabelText('Row amount'), '150')
    await user.click(button('Add row'))
    await waitFor(() => expect(rowsOf()).toHaveLength(1))
    expect(await within(rowsOf()[0]).findByText('Tunde Bakare')).toBeInTheDocument()
    expect(screen.getByTestId('bulk-total')).toHaveTextContent('₦150.00')
  })

  it('pastes CSV rows, reports bad lines, blocks Send while a name is unresolved, then reports each row', async () => {
    const { user } = renderBulk()
    await screen.findByText('Paste CSV')
    await choose(user, 'From Account', 'Current Account (1020000122)')
    await user.click(button('Paste CSV'))
    const paste = await dialog('Paste CSV')
    await user.click(within(paste).getByLabelText('CSV rows'))
    await user.paste(
      [
        'account,bank code,amount,narration',
        '1020000218,090605,1000,Lunch',
        '9000000014,000013,2000,Rent',
        '9000000021,000013,3000,Declined',
        '12345,090605,5,bad',
        '1999999999,090605,5,unknown',
      ].join('\n'),
    )
    await user.click(within(paste).getByRole('button', { name: 'Add rows' }))

    expect(await screen.findByText('Line 5: Account Number must be 10 characters')).toBeInTheDocument()
    await waitFor(() => expect(rowsOf()).toHaveLength(4))
    expect(await within(rowsOf()[3]).findByText(INVALID_ACCOUNT_DETAILS)).toBeInTheDocument()
    expect(screen.getByText(BULK_NOT_RESOLVED)).toBeInTheDocument()
    expect(button('Send')).toBeDisabled()

    await user.click(document.querySelector<HTMLElement>('[aria-label="Remove row 1999999999"]')!)
    await waitFor(() => expect(rowsOf()).toHaveLength(3))
    await waitFor(() => expect(button('Send')).toBeEnabled())
    expect(screen.getByTestId('bulk-total')).toHaveTextContent('₦6,000.00')
    expect(totalRowSpans()).toEqual(headerCells())

    await user.click(button('Send'))
    const code = await dialog('OTP Verification')
    expect(within(code).getByText('₦6,000.00')).toBeInTheDocument()
    await typeCode(user, '123456', code)

    const summary = await screen.findByTestId('bulk-summary')
    expect(summary).toHaveTextContent('2 completed, 0 pending, 1 failed')
    // Said once (the server's message is the counts), then what the failed row means.
    expect(summary.textContent?.split('2 completed').length).toBe(2)
    expect(summary).toHaveTextContent('A failed row moved no money: its reason is in the Result column.')
    const rows = rowsOf()
    expect(within(rows[0]).getByText('Completed')).toBeInTheDocument()
    expect(within(rows[1]).getByText('Completed')).toBeInTheDocument()
    expect(within(rows[2]).getByText('Failed')).toBeInTheDocument()
    expect(within(rows[2]).getByText('Insufficient funds. Your account was not debited.')).toBeInTheDocument()
    // The total row spans the table as it is now (Result shown, remove gone).
    expect(totalRowSpans()).toEqual(headerCells())

    await user.click(button('New bulk transfer'))
    await waitFor(() => expect(document.querySelector('.kobo-bulk__table .ant-table-placeholder')).not.toBeNull())
  })

  it('uploads a CSV file', async () => {
    const { user } = renderBulk()
    await screen.findByText('Upload CSV')
    const input = document.querySelector<HTMLInputElement>('.kobo-bulk input[type="file"]')!
    const file = new File(['1020000218,090605,10,One\n1020000218,,20,Two\n'], 'rows.csv', { type: 'text/csv' })
    await user.upload(input, file)
    await waitFor(() => expect(rowsOf()).toHaveLength(2))
    expect(screen.getByTestId('bulk-total')).toHaveTextContent('₦30.00')
  })
})

/** How many columns the header has, and how many the total row's cells span. */
function headerCells() {
  return document.querySelectorAll('.kobo-bulk__table thead th').length
}
function totalRowSpans() {
  return [...document.querySelectorAll<HTMLTableCellElement>('.kobo-bulk__table .ant-table-summary td')].reduce(
    (sum, cell) => sum + cell.colSpan,
    0,
  )
}

describe('summaryLines', () => {
  const result = (message: string, completed: number, pending: number, failed: number) =>
    ({ id: 'b1', message, completed, pending, failed, transfers: [] }) as BulkResult

  it('gives only the counts under a batch that all went through', () => {
    expect(summaryLines(result('Transferred Successfully', 3, 0, 0))).toEqual(['3 completed, 0 pending, 0 failed'])
  })

  it('does not repeat counts the message already gives, and says what failed and pending rows mean', () => {
    expect(summaryLines(result('1 completed, 1 pending, 1 failed', 1, 1, 1))).toEqual([
      'A failed row moved no money: its reason is in the Result column.',
      'A pending row finishes by itself: Transaction History shows how it ends.',
    ])
  })
})
