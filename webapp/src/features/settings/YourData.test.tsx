/**
 * Settings › Your data (docs/contract.md §14.6): asking for a copy with the code, the copy's
 * states; marketing switches off by default with the alerts note and the log; the record of
 * processing; a correction request with its tracking number; the failed (Retry) and empty
 * states; and the download from the e-mailed link. The rules are tested in pytest
 * (bff/tests/test_data_rights.py).
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { dialog, dialogClosed, setUpMoneyTests, typeCode } from '../transfers/testUtils'
import {
  APPROVE_TITLE,
  CHOICES_EMPTY,
  COPIES_EMPTY,
  COPIES_FAILED,
  DOWNLOAD_BUTTON,
  ERASURE_WARNING,
  KIND_ERASURE,
  OFFERS_SMS,
  PREPARING,
  READY_TITLE,
  REQUESTS_EMPTY,
  SEND_REQUEST,
  TELL_US_MORE,
  TELL_US_WHAT,
} from './yourData/texts'

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })

function renderYourData(query = '') {
  return renderWithProviders({ route: `/settings?tab=your-data${query}`, preloadedState: signedInState('ada') })
}

const card = async (id: string) => screen.findByTestId(id)

describe('Your data in Settings', () => {
  it('asks for a copy with the code and lists it', async () => {
    const { user } = renderYourData()
    const download = await card('download-card')
    expect(await within(download).findByText(COPIES_EMPTY)).toBeInTheDocument()
    await user.click(within(download).getByRole('button', { name: DOWNLOAD_BUTTON }))
    const modal = await dialog(APPROVE_TITLE)
    await typeCode(user, '123456', modal) // the sixth digit sends it
    await dialogClosed(APPROVE_TITLE)
    expect(await screen.findByText(PREPARING)).toBeInTheDocument()
    expect(await within(download).findByText('Ready to download')).toBeInTheDocument()
    expect(within(download).getByText(/The link works until/)).toBeInTheDocument()
  })

  it('says the copies could not load, and Retry loads them', async () => {
    let fail = true
    server.use(
      http.get('/api/privacy/exports', () =>
        fail ? HttpResponse.json({ title: 'Error', status: 500, detail: 'boom' }, { status: 500 }) : HttpResponse.json([]),
      ),
    )
    const { user } = renderYourData()
    const download = await card('download-card')
    expect(await within(download).findByText(COPIES_FAILED)).toBeInTheDocument()
    fail = false
    await user.click(within(download).getByRole('button', { name: 'Retry' }))
    expect(await within(download).findByText(COPIES_EMPTY)).toBeInTheDocument()
  })

  it('keeps marketing off until switched on, says alerts cannot be, and logs the change', async () => {
    const { user } = renderYourData()
    const marketing = await card('marketing-card')
    expect(await within(marketing).findByText(CHOICES_EMPTY)).toBeInTheDocument()
    expect(within(marketing).getByText(/they cannot be switched off/)).toBeInTheDocument()
    const sms = within(marketing).getByRole('switch', { name: OFFERS_SMS })
    expect(sms).not.toBeChecked()
    await user.click(sms)
    expect(await within(marketing).findByText(/Text messages switched on/)).toBeInTheDocument()
    await waitFor(() => expect(within(marketing).getByRole('switch', { name: OFFERS_SMS })).toBeChecked())
  })

  it('shows the record of processing with its retention rule', async () => {
    renderYourData()
    const record = await card('record-card')
    expect((await within(record).findAllByText(/5 years after our relationship ends/)).length).toBeGreaterThan(0)
    expect(within(record).getByText(/The interbank switch/)).toBeInTheDocument()
  })

  it('sends a correction request and lists it with its tracking number', async () => {
    const { user } = renderYourData()
    const requests = await card('requests-card')
    expect(await within(requests).findByText(REQUESTS_EMPTY)).toBeInTheDocument()
    await user.click(within(requests).getByRole('button', { name: SEND_REQUEST }))
    expect(await within(requests).findByText(TELL_US_WHAT)).toBeInTheDocument()
    await user.type(within(requests).getByLabelText(TELL_US_MORE), 'My middle name is missing.')
    await user.click(within(requests).getByRole('button', { name: SEND_REQUEST }))
    expect(await within(requests).findByText(/KOBO-DRQ-/)).toBeInTheDocument()
    expect(within(requests).getByText(/Answer by/)).toBeInTheDocument()
    await user.click(within(requests).getByLabelText(KIND_ERASURE))
    expect(within(requests).getByText(ERASURE_WARNING)).toBeInTheDocument()
  })

  it('offers the download when opened from the e-mailed link', async () => {
    renderYourData('&export=7&token=abc')
    expect(await screen.findByText(READY_TITLE)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument()
  })
})
