/** /kyc-setting: the rail, the form by currentLevel, the contract's messages, level-3 images and the review. */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { fieldErrors } from '../../mocks/session'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { setUpMoneyTests } from '../transfers/testUtils'
import { reviewMockKyc, setMockKyc } from './mocks'
import { NETWORK_FAILURE } from '../../api/client'
import { expectFailure, failWithNetworkError, failWithProblem, restoreHandlers } from '../../test/loadFailures'
import {
  BIODATA_ERROR,
  BIODATA_FAILED,
  DOCUMENTS_FAILED,
  STATUS_FAILED,
  BVN_MIN,
  DOCUMENTS_ERROR,
  EITHER_REQUIRED,
  NIN_EXACT,
  ONLY_IMAGES,
  STATUS_ERROR,
  SUBMITTED,
  SUBMIT_ERROR,
} from './texts'
import { formLevelOf } from './levels'
import { formatBirthDate, maskNumber } from './biodata'

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })

const ADA = { bvn: '22212345601', nin: '70012345601' }

function renderKyc(persona = 'ada') {
  return renderWithProviders({ route: '/kyc-setting', preloadedState: signedInState(persona) })
}

const rail = () => screen.getByRole('navigation', { name: 'KYC levels' })
const railLevel = (n: number) => screen.getByTestId(`kyc-rail-level-${n}`)
const highlighted = () => [1, 2, 3].filter((n) => railLevel(n).dataset.highlighted === 'true')
const submitButton = () => screen.getByText('Submit', { selector: 'button span' }).closest('button')!
const badge = () => screen.queryByTestId('kyc-status')
const formTitle = async (title: string) => expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument()

/** A tiny picture with the right magic bytes. */
function picture(name: string, type = 'image/png', bytes = 96) {
  const content = new Uint8Array(bytes)
  content.set(type === 'image/png' ? [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] : [0xff, 0xd8, 0xff, 0xe0])
  return new File([content], name, { type })
}

/** Records the bodies sent to a KYC level (the mock still answers). */
function spyOnLevel(level: number) {
  const bodies: Record<string, unknown>[] = []
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === `/api/kyc/level-${level}`) {
      void request
        .clone()
        .json()
        .then((body: Record<string, unknown>) => bodies.push(body))
    }
  })
  return bodies
}

afterEach(() => server.events.removeAllListeners())

describe('formLevelOf', () => {
  it('shows level 1 at 0, level 2 at 1, and level 3 at 2 or more', () => {
    expect([0, 1, 2, 3, 4].map(formLevelOf)).toEqual([1, 2, 3, 3, 3])
  })
})

describe('biodata helpers', () => {
  it('masks numbers and shows the birth date as dd-mm-yyyy', () => {
    expect(maskNumber('22212345601')).toBe('•••••••5601')
    expect(maskNumber(null)).toBe('—')
    expect(formatBirthDate('1991-04-12')).toBe('12-04-1991')
  })
})

describe('KYC page', () => {
  it('shows the heading, the rail of three levels, the details and the level 1 form at level 0', async () => {
    setMockKyc('ada', 0)
    renderKyc()
    expect(await screen.findByRole('heading', { level: 1, name: 'Know Your Customer' })).toBeInTheDocument()
    await formTitle('Personal Information')
    const levels = within(rail()).getAllByRole('listitem')
    expect(levels.map((l) => l.textContent)).toEqual([
      expect.stringContaining('Personal Information1/3'),
      expect.stringContaining('Full ID Verification2/3'),
      expect.stringContaining('Identification Document3/3'),
    ])
    expect(highlighted()).toEqual([])
    expect(railLevel(1)).toHaveAttribute('aria-current', 'step')
    expect(badge()).toBeNull()
    // The details as the bank holds them.
    const details = (await screen.findByText('Your Details')).closest('.ant-card') as HTMLElement
    expect(await within(details).findByText('Ada Okafor')).toBeInTheDocument()
    expect(within(details).getByText('12-04-1991')).toBeInTheDocument()
    expect(within(details).getAllByText('•••••••5601')).toHaveLength(2) // BVN and NIN
    expect(within(details).getByText('ada.okafor@example.com')).toBeInTheDocument()
    expect(submitButton()).toBeEnabled()
  })

  it('level 1: either BVN or NIN, BVN at least 11, NIN exactly 11', async () => {
    setMockKyc('ada', 0)
    const bodies = spyOnLevel(1)
    const { user } = renderKyc()
    await formTitle('Personal Information')
    await user.click(submitButton())
    expect(await screen.findByText(EITHER_REQUIRED)).toBeInTheDocument()
    await user.type(screen.getByLabelText('BVN'), '2221234')
    await user.type(screen.getByLabelText('NIN'), '7001234560')
    await user.click(submitButton())
    expect(await screen.findByText(BVN_MIN)).toBeInTheDocument()
    expect(await screen.findByText(NIN_EXACT)).toBeInTheDocument()
    // antd removes the old message after its leave animation: wait for it rather than race it.
    await waitFor(() => expect(screen.queryByText(EITHER_REQUIRED)).not.toBeInTheDocument())
    // Only digits go in.
    await user.clear(screen.getByLabelText('BVN'))
    await user.type(screen.getByLabelText('BVN'), 'ab-22212345601')
    expect(screen.getByLabelText('BVN')).toHaveValue('22212345601')
    await user.clear(screen.getByLabelText('NIN'))
    expect(bodies).toEqual([])

    // The BVN alone is enough.
    await user.click(submitButton())
    expect(await screen.findByText(SUBMITTED)).toBeInTheDocument()
    await waitFor(() => expect(bodies).toEqual([{ bvn: ADA.bvn }]))
    await formTitle('Full ID Verification')
    expect(highlighted()).toEqual([1])
    expect(railLevel(2)).toHaveAttribute('aria-current', 'step')
  })

  it('level 1 declined by the registry shows the reason, disables Submit until the number changes, then passes', async () => {
    setMockKyc('ada', 0)
    const { user } = renderKyc()
    await formTitle('Personal Information')
    await user.type(screen.getByLabelText('NIN'), '70012345699')
    await user.click(submitButton())
    expect(await screen.findAllByText('This NIN does not belong to you.')).not.toHaveLength(0)
    await waitFor(() => expect(badge()).toHaveTextContent('Declined'))
    expect(screen.getByText('Reason: This NIN does not belong to you.')).toBeInTheDocument()
    expect(submitButton()).toBeDisabled()
    await user.type(screen.getByLabelText('NIN'), ADA.nin)
    await waitFor(() => expect(submitButton()).toBeEnabled())
    await user.click(submitButton())
    expect(await screen.findByText(SUBMITTED)).toBeInTheDocument()
    await formTitle('Full ID Verification')
  })

  it('level 2 needs both numbers', async () => {
    setMockKyc('ada', 1, { 1: { status: 'approved', comment: null } })
    const bodies = spyOnLevel(2)
    const { user } = renderKyc()
    await formTitle('Full ID Verification')
    expect(highlighted()).toEqual([1])
    await user.click(submitButton())
    // The two messages may render one after the other: wait for both.
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(2))
    await user.type(screen.getByLabelText('BVN'), ADA.bvn)
    await user.click(submitButton())
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(1))
    await user.type(screen.getByLabelText('NIN'), ADA.nin)
    await user.click(submitButton())
    expect(await screen.findByText(SUBMITTED)).toBeInTheDocument()
    await waitFor(() => expect(bodies).toEqual([{ bvn: ADA.bvn, nin: ADA.nin }]))
    await formTitle('Identification Document')
    expect(highlighted()).toEqual([1, 2])
  })

  it('level 3: both images required, images only, preview and remove, then pending until reviewed', async () => {
    setMockKyc('ada', 2, { 1: { status: 'approved', comment: null }, 2: { status: 'approved', comment: null } })
    const bodies = spyOnLevel(3)
    const { user } = renderKyc()
    await formTitle('Identification Document')
    const bill = screen.getByRole('region', { name: 'Utility Bill' })
    const card = screen.getByRole('region', { name: 'Valid Identification Card' })

    // Nothing is sent without both images.
    await user.click(submitButton())
    expect(within(bill).getByRole('alert')).toHaveTextContent('This field is required')
    expect(within(card).getByRole('alert')).toHaveTextContent('This field is required')

    // Not an image: refused before anything is read.
    await userEvent
      .setup({ applyAccept: false })
      .upload(screen.getByTestId('kyc-file-utility-bill'), new File(['%PDF-1.7'], 'bill.pdf', { type: 'application/pdf' }))
    expect(await within(bill).findByText(ONLY_IMAGES)).toBeInTheDocument()

    await user.upload(screen.getByTestId('kyc-file-utility-bill'), picture('bill.png'))
    expect(await within(bill).findByAltText('Utility Bill preview')).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/))
    expect(within(bill).queryByRole('alert')).toBeNull()
    await user.upload(screen.getByTestId('kyc-file-id-card'), picture('card.jpg', 'image/jpeg'))
    expect(await within(card).findByAltText('Valid Identification Card preview')).toBeInTheDocument()
    expect(within(card).getByText('card.jpg')).toBeInTheDocument()

    // Remove, then pick again.
    await user.click(within(card).getByRole('button', { name: 'Remove Valid Identification Card' }))
    expect(within(card).queryByAltText('Valid Identification Card preview')).toBeNull()
    await user.upload(screen.getByTestId('kyc-file-id-card'), picture('card.png'))
    await within(card).findByAltText('Valid Identification Card preview')

    await user.click(submitButton())
    expect(await screen.findByText(SUBMITTED)).toBeInTheDocument()
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({
      bvn: ADA.bvn,
      nin: ADA.nin,
      utilityBill: expect.stringMatching(/^data:image\/png;base64,/),
      validIdentificationCard: expect.stringMatching(/^data:image\/png;base64,/),
    })
    await waitFor(() => expect(badge()).toHaveTextContent('Pending'))
    expect(screen.getByText('Your documents have been submitted and are under review. Kindly be patient.')).toBeInTheDocument()
    const documents = await screen.findByText('Uploaded Documents')
    const list = documents.closest('.ant-list') as HTMLElement
    await waitFor(() => expect(within(list).getAllByTestId('kyc-document-status')).toHaveLength(2))
    expect(within(list).getByText('Utility Bill')).toBeInTheDocument()
    expect(within(list).getByText('Valid Identification Card')).toBeInTheDocument()
    expect(submitButton()).toBeDisabled()
    expect(highlighted()).toEqual([1, 2])
  })

  it('a declined level 3 shows the back office comment and takes new pictures', async () => {
    setMockKyc('ada', 2, {
      1: { status: 'approved', comment: null },
      2: { status: 'approved', comment: null },
      3: { status: 'pending', comment: null },
    })
    reviewMockKyc('ada', false, 'The utility bill is older than three months.')
    const { user } = renderKyc()
    await formTitle('Identification Document')
    await waitFor(() => expect(badge()).toHaveTextContent('Declined'))
    expect(screen.getByText('Reason: The utility bill is older than three months.')).toBeInTheDocument()
    expect(submitButton()).toBeDisabled()
    await user.upload(screen.getByTestId('kyc-file-utility-bill'), picture('new-bill.png'))
    await user.upload(screen.getByTestId('kyc-file-id-card'), picture('card.png'))
    await waitFor(() => expect(submitButton()).toBeEnabled())
    await user.click(submitButton())
    expect(await screen.findByText(SUBMITTED)).toBeInTheDocument()
    await waitFor(() => expect(badge()).toHaveTextContent('Pending'))
  })

  it('an approved level 3 highlights all three levels and keeps Submit disabled', async () => {
    setMockKyc('ada', 2, {
      1: { status: 'approved', comment: null },
      2: { status: 'approved', comment: null },
      3: { status: 'pending', comment: null },
    })
    reviewMockKyc('ada', true, 'Documents verified')
    renderKyc()
    await formTitle('Identification Document')
    await waitFor(() => expect(highlighted()).toEqual([1, 2, 3]))
    expect(badge()).toHaveTextContent('Approved')
    expect(screen.getByText('Level 3 approved')).toBeInTheDocument()
    expect(await screen.findAllByText('Comment: Documents verified')).toHaveLength(2)
    expect(submitButton()).toBeDisabled()
  })

  it('Ada (level 3 in the fixtures) starts approved', async () => {
    renderKyc()
    await formTitle('Identification Document')
    await waitFor(() => expect(highlighted()).toEqual([1, 2, 3]))
    expect(badge()).toHaveTextContent('Approved')
  })

  it('a level that already has a status is refused (409) and the page catches up', async () => {
    setMockKyc('ada', 0)
    const { user } = renderKyc()
    await formTitle('Personal Information')
    // Meanwhile, another tab submitted level 1 and it is waiting.
    setMockKyc('ada', 0, { 1: { status: 'pending', comment: null } })
    await user.type(screen.getByLabelText('BVN'), ADA.bvn)
    await user.click(submitButton())
    expect(await screen.findByText('This level has already been submitted')).toBeInTheDocument()
    await waitFor(() => expect(badge()).toHaveTextContent('Pending'))
    expect(submitButton()).toBeDisabled()
  })

  it('shows the fetch defaults when the calls fail without a message', async () => {
    server.use(
      http.get('/api/kyc/status', () => new HttpResponse(null, { status: 500 })),
      http.get('/api/kyc/biodata', () => new HttpResponse(null, { status: 500 })),
      http.get('/api/kyc/uploaded-documents', () => new HttpResponse(null, { status: 500 })),
    )
    renderKyc()
    // Each read has its own failed state, with its own Retry (the level form needs the status).
    await expectFailure(STATUS_ERROR)
    await expectFailure(BIODATA_ERROR)
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument()
    // The documents show with the level-3 form, which needs the status: the status's failed
    // state stands for both, and nothing is toasted.
    expect(screen.queryByText(DOCUMENTS_ERROR)).not.toBeInTheDocument()
    expect(document.querySelector('.ant-notification-notice')).toBeNull()
  })

  it('a 500 on the status shows the reason and a Retry instead of a skeleton for good; Retry shows the level', async () => {
    failWithProblem('/api/kyc/status', 'The KYC service is unavailable')
    const { user } = renderKyc()
    const retry = await expectFailure('The KYC service is unavailable')
    expect(screen.getByText(STATUS_FAILED)).toBeInTheDocument()
    expect(screen.queryByTestId('load-loading')).not.toBeInTheDocument()
    restoreHandlers()
    await user.click(retry)
    await formTitle('Identification Document')
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument()
  })

  it('a network failure on the biodata says so, and Retry shows the details', async () => {
    failWithNetworkError('/api/kyc/biodata')
    const { user } = renderKyc()
    const retry = await expectFailure(NETWORK_FAILURE)
    expect(screen.getByText(BIODATA_FAILED)).toBeInTheDocument()
    expect(screen.queryByText('Full Name')).not.toBeInTheDocument()
    restoreHandlers()
    await user.click(retry)
    expect(await screen.findByText('Full Name')).toBeInTheDocument()
  })

  it('a failed documents read is not "No records to display"; Retry lists them', async () => {
    failWithProblem('/api/kyc/uploaded-documents', 'The document store is unavailable')
    const { user } = renderKyc()
    await formTitle('Identification Document')
    const retry = await expectFailure('The document store is unavailable')
    expect(screen.getByText(DOCUMENTS_FAILED)).toBeInTheDocument()
    expect(screen.queryByText('No records to display')).not.toBeInTheDocument()
    restoreHandlers()
    await user.click(retry)
    await waitFor(() => expect(screen.getAllByTestId('kyc-document-status')).toHaveLength(2))
  })

  it('a failed documents read over the network says so', async () => {
    failWithNetworkError('/api/kyc/uploaded-documents')
    renderKyc()
    await expectFailure(NETWORK_FAILURE)
  })

  it('shows the submit default when a submission fails without a message', async () => {
    setMockKyc('ada', 0)
    server.use(http.post('/api/kyc/level-1', () => new HttpResponse(null, { status: 502 })))
    const { user } = renderKyc()
    await formTitle('Personal Information')
    await user.type(screen.getByLabelText('BVN'), ADA.bvn)
    await user.click(submitButton())
    expect(await screen.findByText(SUBMIT_ERROR)).toBeInTheDocument()
    expect(submitButton()).toBeEnabled()
  })

  it("puts the server's field errors under their fields, also once the refusal has declined the level", async () => {
    setMockKyc('ada', 0)
    const nin = 'This NIN does not match your BVN'
    server.use(
      http.post('/api/kyc/level-1', () => {
        // The refusal declines the level: the page shows the status, and the form comes back.
        setMockKyc('ada', 0, { 1: { status: 'declined', comment: nin } })
        return fieldErrors([{ field: 'nin', message: nin }])
      }),
    )
    const { user } = renderKyc()
    await formTitle('Personal Information')
    await user.type(screen.getByLabelText('NIN'), ADA.nin)
    await user.click(submitButton())
    await waitFor(() => expect(badge()).toHaveTextContent('Declined'))
    const field = screen.getByLabelText('NIN').closest('.ant-form-item') as HTMLElement
    await waitFor(() => expect(within(field).getByText(nin)).toBeInTheDocument())
    expect(screen.queryByText(SUBMITTED)).toBeNull()
  })

  it("puts a refused image's reason under its picture, until another picture is chosen", async () => {
    setMockKyc('ada', 2, { 1: { status: 'approved', comment: null }, 2: { status: 'approved', comment: null } })
    const blurry = 'The utility bill is not readable'
    server.use(http.post('/api/kyc/level-3', () => fieldErrors([{ field: 'utilityBill', message: blurry }]), { once: true }))
    const { user } = renderKyc()
    await formTitle('Identification Document')
    const bill = screen.getByRole('region', { name: 'Utility Bill' })
    await user.upload(screen.getByTestId('kyc-file-utility-bill'), picture('bill.png'))
    await user.upload(screen.getByTestId('kyc-file-id-card'), picture('card.png'))
    await within(screen.getByRole('region', { name: 'Valid Identification Card' })).findByAltText('Valid Identification Card preview')
    await user.click(submitButton())
    await waitFor(() => expect(within(bill).getByRole('alert')).toHaveTextContent(blurry))
    await waitFor(() => expect(submitButton()).toBeEnabled())
    await user.upload(screen.getByTestId('kyc-file-utility-bill'), picture('sharper.png'))
    await waitFor(() => expect(within(bill).queryByRole('alert')).toBeNull())
    await user.click(submitButton())
    expect(await screen.findByText(SUBMITTED)).toBeInTheDocument()
  })

  it('is in the side navigation', async () => {
    const { user, router } = renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    await user.click((await screen.findAllByText('Kyc Settings'))[0])
    await waitFor(() => expect(router.state.location.pathname).toBe('/kyc-setting'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Know Your Customer' })).toBeInTheDocument()
  })
})
