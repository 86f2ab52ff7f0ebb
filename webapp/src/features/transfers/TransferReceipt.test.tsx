/** /transfer: the receipt after a transfer (a Result with the facts) and its Share / Download actions. */
import { screen, waitFor, within } from '@testing-library/react'
import { server } from '../../mocks/server'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { DOWNLOAD_RECEIPT, SHARE_RECEIPT } from '../../components/receipt/ReceiptActions'
import { choose, dialog, setUpMoneyTests, typeCode } from './testUtils'
import { TRANSFERRED_SUCCESSFULLY } from './texts'

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })

/** What the receipt calls asked for: the address and the bearer token. */
let receiptRequests: { url: URL; authorization: string | null }[] = []
/** The files saved through a temporary link: name and blob type. */
let saved: { fileName: string; type: string }[] = []

beforeEach(() => {
  receiptRequests = []
  saved = []
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url)
    if (url.pathname.endsWith('/receipt')) receiptRequests.push({ url, authorization: request.headers.get('Authorization') })
  })
  // jsdom has no object URLs; the link's click is what a download is.
  const blobs = new Map<string, Blob>()
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => {
    const url = `blob:receipt-${blobs.size}`
    blobs.set(url, blob as Blob)
    return url
  })
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ fileName: this.download, type: blobs.get(this.href)?.type ?? '' })
  })
})

afterEach(() => {
  server.events.removeAllListeners()
  // The Web Share stubs of a test must not leak into the next one.
  delete (navigator as { canShare?: unknown }).canShare
  delete (navigator as { share?: unknown }).share
})

/** An intra-bank transfer of ₦2,500.50 to Tunde Bakare, up to its receipt. */
async function transferToTunde() {
  const view = renderWithProviders({ route: '/transfer?tab=intra-bank', preloadedState: signedInState('ada') })
  const { user } = view
  await waitFor(() => expect(screen.getAllByTestId('transfer-account-balance')).toHaveLength(3))
  await choose(user, 'From Account', 'Savings Account (1020000115)')
  await user.type(screen.getByLabelText('Account Number'), '1020000218')
  await user.type(screen.getByLabelText('Amount'), '2500.50')
  await screen.findByTestId('resolved-name')
  await user.click(screen.getByRole('button', { name: /Send$/ }))
  await typeCode(user, '123456', await dialog('OTP Verification'))
  const receipt = await screen.findByTestId('receipt')
  return { ...view, receipt, reference: within(receipt).getByTestId('receipt-reference').textContent! }
}

describe('Transfer receipt', () => {
  it('shows a success Result with amount, recipient, bank, masked account, reference, status and date', async () => {
    const { receipt, reference } = await transferToTunde()
    expect(within(receipt).getByText(TRANSFERRED_SUCCESSFULLY, { selector: '.ant-result-title' })).toBeInTheDocument()
    expect(within(receipt).getByTestId('receipt-amount')).toHaveTextContent('₦2,500.50')
    expect(receipt).toHaveTextContent('Tunde Bakare')
    expect(receipt).toHaveTextContent('Kobo Microfinance Bank')
    expect(receipt).toHaveTextContent('102****218')
    expect(receipt).not.toHaveTextContent('1020000218')
    expect(reference).toMatch(/^[0-9a-f]{32}$/)
    expect(within(receipt).getByTestId('receipt-status')).toHaveTextContent('Completed')
    expect(receipt).toHaveTextContent(/Date\d{2}-\d{2}-\d{4} \d{2}:\d{2}/)
    expect(within(receipt).getByRole('button', { name: new RegExp(`${SHARE_RECEIPT}$`) })).toBeInTheDocument()
    expect(within(receipt).getByRole('button', { name: new RegExp(`${DOWNLOAD_RECEIPT}$`) })).toBeInTheDocument()
  })

  it('Share receipt downloads the PNG when the browser cannot share files (no navigator.canShare)', async () => {
    const { receipt, reference, user } = await transferToTunde()
    expect('canShare' in navigator).toBe(false)
    await user.click(within(receipt).getByRole('button', { name: new RegExp(`${SHARE_RECEIPT}$`) }))
    await waitFor(() => expect(saved).toEqual([{ fileName: `kobo-receipt-${reference}.png`, type: 'image/png' }]))
    expect(receiptRequests).toHaveLength(1)
    expect(receiptRequests[0].url.pathname).toBe(`/api/ibanking/personal/transactions/${reference}/receipt`)
    expect(receiptRequests[0].url.searchParams.get('format')).toBe('png')
    expect(receiptRequests[0].authorization).toMatch(/^Bearer \S+/)
  })

  it('Share receipt hands the PNG file to the Web Share API where the browser can share files', async () => {
    const share = vi.fn(async (_data: ShareData) => undefined)
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: (data: ShareData) => Boolean(data.files?.length) })
    Object.defineProperty(navigator, 'share', { configurable: true, value: share })
    const { receipt, reference, user } = await transferToTunde()
    await user.click(within(receipt).getByRole('button', { name: new RegExp(`${SHARE_RECEIPT}$`) }))
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1))
    const [file] = share.mock.calls[0][0].files!
    expect(file.name).toBe(`kobo-receipt-${reference}.png`)
    expect(file.type).toBe('image/png')
    expect(saved).toEqual([])
  })

  it('Download receipt saves the PDF of the same reference', async () => {
    const { receipt, reference, user } = await transferToTunde()
    await user.click(within(receipt).getByRole('button', { name: new RegExp(`${DOWNLOAD_RECEIPT}$`) }))
    await waitFor(() => expect(saved).toEqual([{ fileName: `kobo-receipt-${reference}.pdf`, type: 'application/pdf' }]))
    expect(receiptRequests[0].url.searchParams.get('format')).toBeNull()
  })
})
