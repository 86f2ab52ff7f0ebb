import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { chooseOption } from '../registration/testHelpers'
import type { OnboardingDocument, OnboardingStatus } from './types'
import { MOCK_REVIEW_MS } from './mocks'
import { onboardingApi } from './reads'
import { expectFailure, failWithNetworkError, restoreHandlers } from '../../test/loadFailures'
import { NETWORK_FAILURE } from '../../api/client'

const NOTHING: OnboardingStatus = {
  basicProfileStatus: null,
  basicProfileComment: null,
  documentStatus: null,
  documentComment: null,
  bvnStatus: null,
  bvnComment: null,
  ninStatus: null,
  ninComment: null,
  onboardingComplete: false,
  livenessStatus: 'REQUIRED',
}

const row = (overrides: Partial<OnboardingDocument> & Pick<OnboardingDocument, 'documentTypeId' | 'documentName'>) => ({
  id: null,
  description: null,
  mandatory: true,
  uploaded: false,
  status: null,
  verificationComment: null,
  ...overrides,
})

const EMPTY_DOCUMENTS: OnboardingDocument[] = [
  row({ documentTypeId: 1, documentName: 'Passport Photograph' }),
  row({ documentTypeId: 2, documentName: 'Means of Identification' }),
  row({ documentTypeId: 3, documentName: 'Proof of Address', mandatory: false }),
]

/** Answers the status (and optionally the documents) with fixed values. */
function answerWith(status: Partial<OnboardingStatus>, documents?: OnboardingDocument[]) {
  server.use(http.get('/api/onboarding-statuses', () => HttpResponse.json({ ...NOTHING, ...status })))
  if (documents) server.use(http.get('/api/onboarding/documents', () => HttpResponse.json(documents)))
}

function renderOnboarding(persona = 'chioma') {
  return renderWithProviders({ route: '/onboarding', preloadedState: signedInState(persona) })
}

const steps = () => screen.getByRole('navigation', { name: 'Onboarding steps' })
const stepItem = (title: string) => within(steps()).getByText(title).closest('.ant-steps-item') as HTMLElement

/** A small file of the given type and size. */
function fileOf(name: string, type: string, bytes = 68) {
  const content = new Uint8Array(bytes)
  content.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return new File([content], name, { type })
}

const section = (name: string) => screen.getByRole('region', { name })

/**
 * Waits until `query` succeeds inside the named document row. The row is
 * looked up afresh each time: an upload remounts it (a new document id).
 */
/** Waits until `query` finds an element in the section that is still in the document: an
 * upload re-renders its row, so an element found a moment earlier may already be gone. */
function inSection(name: string, query: (row: ReturnType<typeof within>) => HTMLElement): Promise<void> {
  return waitFor(() => expect(query(within(section(name)))).toBeInTheDocument())
}

async function fillProfileAndContinue(user: ReturnType<typeof renderOnboarding>['user']) {
  await waitFor(() => expect(screen.getByLabelText('BVN')).toHaveValue('22212345603'))
  await user.click(screen.getByRole('button', { name: 'Continue' }))
  await screen.findByText('Document Upload', { selector: '.ant-card-head-title' })
}

describe('Onboarding page', () => {
  it('shows the six steps and opens on Basic Profile while a section has no status', async () => {
    renderOnboarding()
    expect(await screen.findByText('Basic Profile', { selector: '.ant-card-head-title' })).toBeInTheDocument()
    expect(within(steps()).getAllByRole('button').length + 0).toBeGreaterThanOrEqual(0)
    const titles = [...steps().querySelectorAll('.ant-steps-item-title')].map((t) => t.textContent)
    expect(titles).toEqual(['Basic Profile', 'Document Upload', 'Selfie', 'BVN Verification', 'NIN Verification', 'Status'])
    expect(screen.getByText('Complete setting up your account')).toBeInTheDocument()
  })

  it('opens on Status when all four statuses are set and the selfie is taken', async () => {
    answerWith({ basicProfileStatus: 'SUBMITTED', documentStatus: 'SUBMITTED', bvnStatus: 'APPROVED', ninStatus: 'DECLINED', livenessStatus: 'REFERRED' })
    renderOnboarding()
    expect(await screen.findByText('Status', { selector: '.ant-card-head-title' })).toBeInTheDocument()
  })

  it('opens on the Selfie when all four statuses are set but the selfie is still to take', async () => {
    answerWith({ basicProfileStatus: 'SUBMITTED', documentStatus: 'SUBMITTED', bvnStatus: 'APPROVED', ninStatus: 'APPROVED', livenessStatus: 'FAILED' })
    renderOnboarding()
    expect(await screen.findByText('Selfie', { selector: '.ant-card-head-title' })).toBeInTheDocument()
    expect(stepItem('Selfie')).toHaveClass('ant-steps-item-error')
  })

  it('stays on Basic Profile when only three statuses are set', async () => {
    answerWith({ basicProfileStatus: 'SUBMITTED', bvnStatus: 'APPROVED', ninStatus: 'APPROVED' })
    renderOnboarding()
    expect(await screen.findByText('Basic Profile', { selector: '.ant-card-head-title' })).toBeInTheDocument()
  })

  it('shows SUBMITTED and APPROVED steps as done, DECLINED as declined, the rest numbered', async () => {
    answerWith({ basicProfileStatus: 'APPROVED', documentStatus: null, bvnStatus: 'SUBMITTED', ninStatus: 'DECLINED' })
    renderOnboarding()
    await screen.findByText('Basic Profile', { selector: '.ant-card-head-title' })
    await waitFor(() => expect(stepItem('Basic Profile')).toHaveClass('ant-steps-item-finish'))
    expect(stepItem('BVN Verification')).toHaveClass('ant-steps-item-finish')
    expect(stepItem('NIN Verification')).toHaveClass('ant-steps-item-error')
    expect(stepItem('Document Upload')).toHaveClass('ant-steps-item-wait')
    expect(within(stepItem('Document Upload')).getByText('2')).toBeInTheDocument()
    expect(stepItem('Status')).toHaveClass('ant-steps-item-wait')
  })

  describe('Basic Profile', () => {
    it('prefills the profile with a read-only e-mail and requires every field', async () => {
      const { user } = renderOnboarding()
      await waitFor(() => expect(screen.getByLabelText('First Name')).toHaveValue('Chioma'))
      expect(screen.getByLabelText('Email')).toHaveValue('chioma.eze@example.com')
      expect(screen.getByLabelText('Email')).toHaveAttribute('readonly')
      for (const label of ['First Name', 'Last Name', 'Phone Number', 'BVN', 'NIN']) await user.clear(screen.getByLabelText(label))
      await user.click(screen.getByRole('button', { name: 'Continue' }))
      await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(5))
    })

    it('checks the 11-digit numbers', async () => {
      const { user } = renderOnboarding()
      await waitFor(() => expect(screen.getByLabelText('NIN')).toHaveValue('70012345603'))
      await user.clear(screen.getByLabelText('NIN'))
      await user.type(screen.getByLabelText('NIN'), '7001')
      await user.clear(screen.getByLabelText('Phone Number'))
      await user.type(screen.getByLabelText('Phone Number'), '0803')
      await user.click(screen.getByRole('button', { name: 'Continue' }))
      expect(await screen.findByText('NIN must be 11 digits')).toBeInTheDocument()
      expect(await screen.findByText('Phone number must be 11 digits')).toBeInTheDocument()
    })

    it('Continue saves, says "Basic Profile updated successfully" and moves to Document Upload', async () => {
      const bodies: unknown[] = []
      server.use(
        http.post('/api/onboarding/basic-profile', async ({ request }) => {
          bodies.push(await request.clone().json())
          return undefined
        }),
      )
      const { user } = renderOnboarding()
      await fillProfileAndContinue(user)
      expect(await screen.findByText('Basic Profile updated successfully')).toBeInTheDocument()
      expect(bodies).toEqual([
        {
          firstName: 'Chioma',
          lastName: 'Eze',
          email: 'chioma.eze@example.com',
          phoneNumber: '08031234503',
          bvn: '22212345603',
          nin: '70012345603',
        },
      ])
      // Saving submitted the profile and the registry approved BVN and NIN.
      await waitFor(() => expect(stepItem('Basic Profile')).toHaveClass('ant-steps-item-finish'))
      expect(stepItem('BVN Verification')).toHaveClass('ant-steps-item-finish')
    })

    it('disables Continue while saving', async () => {
      let release: () => void = () => undefined
      server.use(
        http.post('/api/onboarding/basic-profile', async () => {
          await new Promise<void>((resolve) => (release = resolve))
          return HttpResponse.json({ message: 'Basic Profile updated successfully' })
        }),
      )
      const { user } = renderOnboarding()
      await waitFor(() => expect(screen.getByLabelText('BVN')).toHaveValue('22212345603'))
      await user.click(screen.getByRole('button', { name: 'Continue' }))
      await waitFor(() => expect(screen.getByRole('button', { name: /Continue/ })).toBeDisabled())
      release()
      expect(await screen.findByText('Basic Profile updated successfully')).toBeInTheDocument()
    })

    it('puts server field errors under the fields and toasts the detail', async () => {
      server.use(
        http.post('/api/onboarding/basic-profile', () =>
          HttpResponse.json(
            { status: 400, detail: 'BVN must be 11 digits', errors: [{ field: 'bvn', message: 'BVN must be 11 digits' }] },
            { status: 400 },
          ),
        ),
      )
      const { user } = renderOnboarding()
      await waitFor(() => expect(screen.getByLabelText('BVN')).toHaveValue('22212345603'))
      await user.click(screen.getByRole('button', { name: 'Continue' }))
      await waitFor(() => expect(screen.getAllByText('BVN must be 11 digits')).toHaveLength(2))
      expect(screen.getByText('Basic Profile', { selector: '.ant-card-head-title' })).toBeInTheDocument()
    })

    it('uses the fallback sentences when fetching or saving fails without a detail', async () => {
      server.use(
        http.get('/api/onboarding/basic-profile', () => new HttpResponse(null, { status: 500 })),
        http.post('/api/onboarding/basic-profile', () => new HttpResponse(null, { status: 500 })),
      )
      const { user } = renderOnboarding()
      // Once: the failed state's reason above the form, which stays usable (no toast).
      await waitFor(() => expect(screen.getAllByText('An error occurred while fetching Basic Profle')).toHaveLength(1))
      expect(await expectFailure('An error occurred while fetching Basic Profle')).toBeInTheDocument()
      expect(screen.getByText("We couldn't load your basic profile")).toBeInTheDocument()
      await user.type(screen.getByLabelText('First Name'), 'Chioma')
      await user.type(screen.getByLabelText('Last Name'), 'Eze')
      await user.type(screen.getByLabelText('Phone Number'), '08031234503')
      await user.type(screen.getByLabelText('BVN'), '22212345603')
      await user.type(screen.getByLabelText('NIN'), '70012345603')
      // The e-mail is read-only and came with the failed fetch: the form cannot be sent without it.
      await user.click(screen.getByRole('button', { name: 'Continue' }))
      expect(await screen.findByText('This field is required')).toBeInTheDocument()
    })
  })

  describe('Document Upload', () => {
    async function openDocuments() {
      const view = renderOnboarding()
      await screen.findByText('Basic Profile', { selector: '.ant-card-head-title' })
      await view.user.click(within(steps()).getByText('Document Upload'))
      await screen.findByText('Document Upload', { selector: '.ant-card-head-title' })
      await screen.findByRole('region', { name: 'Passport Photograph' })
      return view
    }

    it('lists the passport first with its frame and note, then the other documents', async () => {
      await openDocuments()
      const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))
      expect(regions).toEqual(['Passport Photograph', 'Means of Identification', 'Proof of Address'])
      const passport = section('Passport Photograph')
      expect(within(passport).getByTestId('passport-frame')).toBeInTheDocument()
      expect(
        within(passport).getByText('Image must be less than 2MB, with a white background and proper lighting.'),
      ).toBeInTheDocument()
      expect(within(passport).getByRole('button', { name: /Upload Passport/ })).toBeInTheDocument()
      expect(within(section('Means of Identification')).getByText('*')).toBeInTheDocument()
      expect(within(section('Proof of Address')).getByText('(Optional)')).toBeInTheDocument()
      expect(within(section('Means of Identification')).getByText('Select Upload Type')).toBeInTheDocument()
      expect(within(section('Means of Identification')).getByTitle('Select an option')).toBeInTheDocument()
      expect(within(section('Means of Identification')).getByRole('button', { name: /Upload a file/ })).toBeInTheDocument()
    })

    it('offers "Select an option" first, then the document types from the server', async () => {
      const { user } = await openDocuments()
      await user.click(within(section('Means of Identification')).getByRole('combobox'))
      const options = await waitFor(() => {
        const open = document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
        const titles = [...(open?.querySelectorAll('.ant-select-item-option') ?? [])].map((o) => o.getAttribute('title'))
        expect(titles.length).toBeGreaterThan(1)
        return titles
      })
      expect(options.slice(0, 4)).toEqual(['Select an option', 'International Passport', "Driver's Licence", 'National ID Card'])
    })

    it('refuses an upload before a document type is chosen', async () => {
      const { user } = await openDocuments()
      await user.click(within(section('Means of Identification')).getByRole('button', { name: /Upload a file/ }))
      expect(await screen.findByText('Please select a valid document type before uploading.')).toBeInTheDocument()
      // The picker itself refuses too, should a file arrive without a type: the same toast,
      // kept once (never two identical toasts).
      await user.upload(screen.getByTestId('file-input-2'), fileOf('id.png', 'image/png'))
      await waitFor(() => expect(screen.getAllByText('Please select a valid document type before uploading.')).toHaveLength(1))
    })

    it('refuses a file over 2MB', async () => {
      const { user } = await openDocuments()
      await user.upload(screen.getByTestId('file-input-1'), fileOf('big.png', 'image/png', 2 * 1024 * 1024 + 1))
      expect(await screen.findByText('File size exceeds 2MB limit')).toBeInTheDocument()
      expect(within(section('Passport Photograph')).getByRole('button', { name: /Upload Passport/ })).toBeInTheDocument()
    })

    it('uploads the passport and a typed document, shows them, previews and deletes with confirmation', async () => {
      const uploads: Record<string, unknown>[] = []
      server.use(
        http.post('/api/onboarding/documents', async ({ request }) => {
          uploads.push((await request.clone().json()) as Record<string, unknown>)
          return undefined
        }),
      )
      const { user, store } = await openDocuments()

      await user.upload(screen.getByTestId('file-input-1'), fileOf('me.png', 'image/png'))
      expect(await screen.findByText('Document uploaded successfully')).toBeInTheDocument()
      await inSection('Passport Photograph', (row) => row.getByRole('button', { name: /Change Passport/ }))
      await inSection('Passport Photograph', (row) => row.getByAltText('Your passport photograph'))
      expect(uploads[0]).toMatchObject({
        documentTypeId: 1,
        coreBankingDocumentTypeId: null,
        description: 'Passport Photograph',
      })
      expect(String(uploads[0].content)).toMatch(/^data:image\/png;base64,/)

      const id = section('Means of Identification')
      await chooseOption(user, within(id).getByRole('combobox'), 'National ID Card')
      await user.upload(screen.getByTestId('file-input-2'), fileOf('nin.png', 'image/png'))
      await inSection('Means of Identification', (row) => row.getByText('National ID Card'))
      // The chosen type shows in the select before the upload's request is made: wait for it.
      await waitFor(() => expect(uploads).toHaveLength(2))
      expect(uploads[1]).toMatchObject({ documentTypeId: 2, coreBankingDocumentTypeId: 3, description: 'National ID Card' })
      expect(await within(section('Means of Identification')).findByText('Under review')).toBeInTheDocument()

      // View: the image from the download call.
      await user.click(within(section('Means of Identification')).getByRole('button', { name: 'View Means of Identification' }))
      const dialog = await screen.findByRole('dialog')
      expect(await within(dialog).findByRole('img', { name: 'Means of Identification' })).toHaveAttribute(
        'src',
        expect.stringMatching(/^data:image\/png;base64,/),
      )
      await user.click(within(dialog).getByRole('button', { name: 'Close' }))

      // Delete: No keeps it, Yes deletes it.
      await user.click(within(section('Means of Identification')).getByRole('button', { name: 'Delete Means of Identification' }))
      expect(await screen.findByText('Are you sure you want to delete this document?')).toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'No' }))
      await waitFor(() => expect(store.getState().onboarding.confirmDeleteId).toBeNull())
      expect(within(section('Means of Identification')).getByText('National ID Card')).toBeInTheDocument()

      await user.click(within(section('Means of Identification')).getByRole('button', { name: 'Delete Means of Identification' }))
      await user.click(await screen.findByRole('button', { name: 'Yes' }))
      expect(await screen.findByText('Deleted successfully')).toBeInTheDocument()
      await waitFor(() =>
        expect(within(section('Means of Identification')).queryByText('National ID Card')).not.toBeInTheDocument(),
      )
      expect(within(section('Means of Identification')).getByRole('button', { name: /Upload a file/ })).toBeInTheDocument()
    })

    it('shows "Loading..." on Yes while deleting, and refetches documents and status after', async () => {
      const documents = [
        row({ documentTypeId: 1, documentName: 'Passport Photograph', id: 7, uploaded: true, status: 'SUBMITTED', description: 'Passport Photograph' }),
        row({ documentTypeId: 2, documentName: 'Means of Identification', id: 8, uploaded: true, status: 'SUBMITTED', description: "Voter's Card" }),
        EMPTY_DOCUMENTS[2],
      ]
      let release: () => void = () => undefined
      let statusReads = 0
      let documentReads = 0
      server.use(
        http.get('/api/onboarding/documents', () => {
          documentReads += 1
          return HttpResponse.json(documents)
        }),
        http.get('/api/onboarding-statuses', () => {
          statusReads += 1
          return HttpResponse.json(NOTHING)
        }),
        http.get('/api/onboarding/documents/:id/download', () => HttpResponse.json({ content: 'data:image/png;base64,iVBORw0KGgo=' })),
        http.delete('/api/onboarding/documents/:id', async () => {
          await new Promise<void>((resolve) => (release = resolve))
          return HttpResponse.json({ message: 'Deleted successfully' })
        }),
      )
      const { user } = await openDocuments()
      const before = { statusReads, documentReads }
      await user.click(within(section('Means of Identification')).getByRole('button', { name: 'Delete Means of Identification' }))
      await user.click(await screen.findByRole('button', { name: 'Yes' }))
      expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled()
      release()
      expect(await screen.findByText('Deleted successfully')).toBeInTheDocument()
      await waitFor(() => expect(statusReads).toBe(before.statusReads + 1))
      expect(documentReads).toBe(before.documentReads + 1)
    })

    it('toasts the delete fallback sentence when the delete fails without a detail', async () => {
      answerWith({}, [
        EMPTY_DOCUMENTS[0],
        row({ documentTypeId: 2, documentName: 'Means of Identification', id: 8, uploaded: true, status: 'SUBMITTED', description: 'Utility Bill' }),
        EMPTY_DOCUMENTS[2],
      ])
      server.use(http.delete('/api/onboarding/documents/:id', () => new HttpResponse(null, { status: 500 })))
      const { user } = await openDocuments()
      await user.click(within(section('Means of Identification')).getByRole('button', { name: 'Delete Means of Identification' }))
      await user.click(await screen.findByRole('button', { name: 'Yes' }))
      expect(await screen.findByText('An error occurred while deleteing document')).toBeInTheDocument()
    })

    it('blocks Continue with "Upload all compulsory files" until every mandatory document has a status', async () => {
      const { user } = await openDocuments()
      await user.click(screen.getByRole('button', { name: 'Continue' }))
      expect(await screen.findByText('Upload all compulsory files')).toBeInTheDocument()
      expect(screen.getByText('Document Upload', { selector: '.ant-card-head-title' })).toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Previous' }))
      expect(await screen.findByText('Basic Profile', { selector: '.ant-card-head-title' })).toBeInTheDocument()
    })

    it('shows a declined document with its reason and lets it be uploaded again', async () => {
      answerWith({}, [
        row({ documentTypeId: 1, documentName: 'Passport Photograph', id: 7, uploaded: true, status: 'SUBMITTED', description: 'Passport Photograph' }),
        row({
          documentTypeId: 2,
          documentName: 'Means of Identification',
          id: 8,
          uploaded: true,
          status: 'DECLINED',
          description: "Driver's Licence",
          verificationComment: 'The picture is blurred',
        }),
        EMPTY_DOCUMENTS[2],
      ])
      server.use(http.get('/api/onboarding/documents/:id/download', () => HttpResponse.json({ content: 'data:image/png;base64,iVBORw0KGgo=' })))
      await openDocuments()
      const id = section('Means of Identification')
      expect(await within(id).findByText('Reason: The picture is blurred')).toBeInTheDocument()
      expect(within(id).getByText('Declined')).toBeInTheDocument()
      expect(within(id).getByText('This document was declined')).toBeInTheDocument()
      expect(within(id).getByRole('button', { name: /Upload a file/ })).toBeInTheDocument()
    })

    it('uses the fallback sentences for failed document calls', async () => {
      server.use(
        http.get('/api/onboarding/documents', () => new HttpResponse(null, { status: 500 })),
        http.get('/api/onboarding/document-types', () => new HttpResponse(null, { status: 500 })),
        http.get('/api/onboarding-statuses', () => new HttpResponse(null, { status: 500 })),
      )
      renderOnboarding()
      await expectFailure('An error occurred while fetching onboarding stage status')
      // The status decides the step: its failed state, with Retry, stands for the page's reads
      // (the documents and their types wait behind it); nothing is toasted.
      expect(document.querySelector('.ant-notification-notice')).toBeNull()
    })

    it('shows the documents loading, then a failed read with its reason and Retry (not an empty list); Retry lists them', async () => {
      let release: () => void = () => undefined
      const held = new Promise<void>((resolve) => (release = resolve))
      server.use(
        http.get('/api/onboarding/documents', async () => {
          await held
          return HttpResponse.error()
        }),
      )
      const { user } = renderOnboarding()
      await screen.findByText('Basic Profile', { selector: '.ant-card-head-title' })
      await user.click(within(steps()).getByText('Document Upload'))
      expect(await screen.findByTestId('load-loading')).toBeInTheDocument()
      release()
      const retry = await expectFailure(NETWORK_FAILURE)
      expect(screen.getByText("We couldn't load your documents")).toBeInTheDocument()
      expect(screen.queryByRole('region', { name: 'Passport Photograph' })).not.toBeInTheDocument()
      restoreHandlers()
      await user.click(retry)
      expect(await screen.findByRole('region', { name: 'Passport Photograph' })).toBeInTheDocument()
      expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument()
    })

    it('downloads the passport picture for its frame once, however often the panel opens', async () => {
      answerWith({}, [
        row({ documentTypeId: 1, documentName: 'Passport Photograph', id: 7, uploaded: true, status: 'SUBMITTED', description: 'Passport Photograph' }),
        EMPTY_DOCUMENTS[1],
        EMPTY_DOCUMENTS[2],
      ])
      let downloads = 0
      server.use(
        http.get('/api/onboarding/documents/:id/download', () => {
          downloads += 1
          return HttpResponse.json({ content: 'data:image/png;base64,iVBORw0KGgo=' })
        }),
      )
      const { user } = await openDocuments()
      expect(await screen.findByAltText('Your passport photograph')).toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Previous' }))
      await screen.findByText('Basic Profile', { selector: '.ant-card-head-title' })
      await user.click(within(steps()).getByText('Document Upload'))
      expect(await screen.findByAltText('Your passport photograph')).toBeInTheDocument()
      expect(downloads).toBe(1)
    })

    it('says the download fallback by the photograph and toasts the upload fallback', async () => {
      answerWith({}, [
        row({ documentTypeId: 1, documentName: 'Passport Photograph', id: 7, uploaded: true, status: 'SUBMITTED', description: 'Passport Photograph' }),
        EMPTY_DOCUMENTS[1],
        EMPTY_DOCUMENTS[2],
      ])
      server.use(
        http.get('/api/onboarding/documents/:id/download', () => new HttpResponse(null, { status: 500 })),
        http.post('/api/onboarding/documents', () => new HttpResponse(null, { status: 500 })),
      )
      const { user } = await openDocuments()
      expect(await screen.findByText('An error occurred while downloading document')).toBeInTheDocument()
      await user.upload(screen.getByTestId('file-input-1'), fileOf('me.png', 'image/png'))
      expect(await screen.findByText('An error occurred while uploading document')).toBeInTheDocument()
    })
  })

  describe('Status', () => {
    async function openStatus(status: Partial<OnboardingStatus>, documents?: OnboardingDocument[]) {
      answerWith({ livenessStatus: 'PASSED', ...status }, documents)
      const view = renderOnboarding()
      await screen.findByText('Status', { selector: '.ant-card-head-title' })
      return view
    }

    it('a failed status read says so with Retry, instead of "not submitted" cards; Retry shows the cards', async () => {
      failWithNetworkError('/api/onboarding-statuses')
      const { user } = renderOnboarding()
      await screen.findByText('Basic Profile', { selector: '.ant-card-head-title' })
      await user.click(within(steps()).getByText('Status'))
      const retry = await expectFailure(NETWORK_FAILURE)
      expect(screen.getByText("We couldn't load your onboarding status")).toBeInTheDocument()
      expect(screen.queryByTestId('status-BASIC_PROFILE')).not.toBeInTheDocument()
      answerWith({ basicProfileStatus: 'SUBMITTED' })
      await user.click(retry)
      expect(await screen.findByTestId('status-BASIC_PROFILE')).toHaveTextContent('Kindly be patient')
    })

    it('going to Status reads the status again', async () => {
      let reads = 0
      server.use(
        http.get('/api/onboarding-statuses', () => {
          reads += 1
          return HttpResponse.json({ ...NOTHING, basicProfileStatus: reads > 1 ? 'SUBMITTED' : null })
        }),
      )
      const { user } = renderOnboarding()
      await screen.findByText('Basic Profile', { selector: '.ant-card-head-title' })
      await user.click(within(steps()).getByText('Status'))
      // The cards show what was read at entry until the new answer lands.
      await waitFor(() => expect(screen.getByTestId('status-BASIC_PROFILE')).toHaveTextContent('Kindly be patient'))
      expect(reads).toBe(2)
    })

    it('says a submitted section is under review: "Kindly be patient"', async () => {
      await openStatus({ basicProfileStatus: 'SUBMITTED', documentStatus: 'SUBMITTED', bvnStatus: 'APPROVED', ninStatus: 'APPROVED' })
      const card = await screen.findByTestId('status-BASIC_PROFILE')
      expect(card).toHaveTextContent('Your Basic Profile has been submitted and is under review. Kindly be patient.')
      // Going to Status reads it again; until that answer lands the cards show the one before.
    await waitFor(() => expect(screen.getByTestId('status-DOCUMENT_VERIFICATION')).toHaveTextContent('Kindly be patient'))
      expect(screen.getByTestId('status-BVN_VERIFICATION')).toHaveTextContent('Your BVN Verification was approved.')
      expect(screen.getByTestId('status-NIN_VERIFICATION')).toHaveTextContent('was approved')
      expect(screen.queryByText(/Your Onboarding is now complete/)).not.toBeInTheDocument()
    })

    it('shows a declined basic profile with its reason; Rectify goes to Basic Profile', async () => {
      const { user } = await openStatus({
        basicProfileStatus: 'DECLINED',
        basicProfileComment: 'Your surname does not match your BVN',
        documentStatus: 'SUBMITTED',
        bvnStatus: 'APPROVED',
        ninStatus: 'APPROVED',
      })
      const card = await screen.findByTestId('status-BASIC_PROFILE')
      expect(card).toHaveTextContent('Your Basic Profile was declined.')
      expect(within(card).getByText('Reason: Your surname does not match your BVN')).toBeInTheDocument()
      await user.click(within(card).getByRole('button', { name: 'Rectify' }))
      expect(await screen.findByText('Basic Profile', { selector: '.ant-card-head-title' })).toBeInTheDocument()
    })

    it.each([
      ['BVN_VERIFICATION', 'bvn', 'The name on this BVN does not match the name in your profile.'],
      ['NIN_VERIFICATION', 'nin', 'We could not find this NIN. Check the number and try again.'],
    ])('sends a declined %s to Basic Profile', async (key, prefix, comment) => {
      const { user } = await openStatus({
        basicProfileStatus: 'SUBMITTED',
        documentStatus: 'SUBMITTED',
        bvnStatus: 'APPROVED',
        ninStatus: 'APPROVED',
        [`${prefix}Status`]: 'DECLINED',
        [`${prefix}Comment`]: comment,
      })
      const card = await screen.findByTestId(`status-${key}`)
      expect(within(card).getByText(`Reason: ${comment}`)).toBeInTheDocument()
      await user.click(within(card).getByRole('button', { name: 'Rectify' }))
      expect(await screen.findByText('Basic Profile', { selector: '.ant-card-head-title' })).toBeInTheDocument()
      // The basic profile explains what to fix.
      expect(screen.getByText(`Reason: ${comment}`)).toBeInTheDocument()
    })

    it('names a declined document with the verification comment; Rectify goes to Document Upload', async () => {
      const { user } = await openStatus(
        {
          basicProfileStatus: 'SUBMITTED',
          documentStatus: 'DECLINED',
          documentComment: 'The picture is blurred',
          bvnStatus: 'APPROVED',
          ninStatus: 'APPROVED',
        },
        [
          row({ documentTypeId: 1, documentName: 'Passport Photograph', id: 7, uploaded: true, status: 'SUBMITTED', description: 'Passport Photograph' }),
          row({
            documentTypeId: 2,
            documentName: 'Means of Identification',
            id: 8,
            uploaded: true,
            status: 'DECLINED',
            description: 'National ID Card',
            verificationComment: 'The picture is blurred',
          }),
          EMPTY_DOCUMENTS[2],
        ],
      )
      server.use(http.get('/api/onboarding/documents/:id/download', () => HttpResponse.json({ content: 'data:image/png;base64,iVBORw0KGgo=' })))
      const card = await screen.findByTestId('status-document-2')
      expect(card).toHaveTextContent('Your Means of Identification document has been declined.')
      expect(within(card).getByText('Reason: The picture is blurred')).toBeInTheDocument()
      await user.click(within(card).getByRole('button', { name: 'Rectify' }))
      expect(await screen.findByText('Document Upload', { selector: '.ant-card-head-title' })).toBeInTheDocument()
    })

    it('shows the completion message, and no approved cards, once all four are APPROVED', async () => {
      await openStatus({
        basicProfileStatus: 'APPROVED',
        documentStatus: 'APPROVED',
        bvnStatus: 'APPROVED',
        ninStatus: 'APPROVED',
        onboardingComplete: true,
      })
      expect(
        await screen.findByText('Your Onboarding is now complete. Log back into the app to access all features.'),
      ).toBeInTheDocument()
      expect(screen.queryByText(/was approved/)).not.toBeInTheDocument()
      expect(stepItem('Status')).toHaveClass('ant-steps-item-finish')
    })

    it('logs out from the completion message', async () => {
      const { user } = await openStatus({
        basicProfileStatus: 'APPROVED',
        documentStatus: 'APPROVED',
        bvnStatus: 'APPROVED',
        ninStatus: 'APPROVED',
      })
      await user.click(await screen.findByRole('button', { name: 'Log in again' }))
      const { navigation } = await import('../../lib/navigation')
      await waitFor(() => expect(navigation.hardNavigate).toHaveBeenCalledWith('/'))
    })
  })

  it('completes onboarding end to end against the mock back office', async () => {
    const { user, store } = renderOnboarding()
    await fillProfileAndContinue(user)
    await user.upload(screen.getByTestId('file-input-1'), fileOf('me.png', 'image/png'))
    await inSection('Passport Photograph', (row) => row.getByRole('button', { name: /Change Passport/ }))
    await chooseOption(user, within(section('Means of Identification')).getByRole('combobox'), "Driver's Licence")
    await user.upload(screen.getByTestId('file-input-2'), fileOf('licence.png', 'image/png'))
    await inSection('Means of Identification', (row) => row.getByText("Driver's Licence"))
    await user.click(screen.getByRole('button', { name: 'Continue' }))

    // The selfie: no camera here, so a photo; it passes.
    await screen.findByText('Selfie', { selector: '.ant-card-head-title' })
    await user.upload(await screen.findByLabelText('Selfie photo'), fileOf('selfie.png', 'image/png'))
    await user.click(await screen.findByRole('button', { name: 'Use this photo' }))
    expect(await screen.findByText('Thank you. Your selfie matches your BVN photo.')).toBeInTheDocument()
    await waitFor(() => expect(stepItem('Selfie')).toHaveClass('ant-steps-item-finish'))
    await user.click(screen.getByRole('button', { name: 'Continue' }))

    // First look: under review.
    expect(await screen.findByTestId('status-BASIC_PROFILE')).toHaveTextContent('Kindly be patient')
    // Going to Status reads it again; until that answer lands the cards show the one before.
    await waitFor(() => expect(screen.getByTestId('status-DOCUMENT_VERIFICATION')).toHaveTextContent('Kindly be patient'))
    // The mock back office has reviewed a few seconds later.
    const later = Date.now() + MOCK_REVIEW_MS
    vi.spyOn(Date, 'now').mockReturnValue(later)
    await user.click(screen.getByRole('button', { name: /Refresh/ }))
    expect(
      await screen.findByText('Your Onboarding is now complete. Log back into the app to access all features.'),
    ).toBeInTheDocument()
    expect(onboardingApi.endpoints.onboardingStatus.select()(store.getState()).data?.onboardingComplete).toBe(true)
  })
})
