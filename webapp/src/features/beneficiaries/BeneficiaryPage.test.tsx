/**
 * /beneficiary: table, search, paging and jump, create with name look-up and a code step
 * (step-up, issue 12), delete with Yes/No.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { problem } from '../../mocks/session'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { choose, dialog, dialogClosed, queryDialog, setUpMoneyTests, typeCode } from '../transfers/testUtils'
import { INVALID_ACCOUNT_DETAILS } from '../../store/payees/texts'
import { GOOGLE_PROMPT, OTP_SENT } from '../../mocks/session'
import { NETWORK_FAILURE } from '../../api/client'
import { expectFailure, failWithNetworkError, failWithProblem, restoreHandlers } from '../../test/loadFailures'
import {
  BENEFICIARIES_ERROR,
  BENEFICIARIES_FAILED,
  ADD_FIRST_BENEFICIARY,
  NO_RECORDS,
  BENEFICIARY_CREATED,
  BENEFICIARY_DELETED,
  CREATE_BENEFICIARY_ERROR,
  DELETE_BENEFICIARY_ERROR,
  DELETE_CONFIRM,
} from '../../store/beneficiaries/texts'
import type { Beneficiary } from '../../store/beneficiaries/types'

setUpMoneyTests()
// Whole-page journeys: generous on a loaded machine (CI runs them beside the e2e stack).
vi.setConfig({ testTimeout: 45_000 })

const button = (text: string, root: HTMLElement = document.body) =>
  within(root).getByText(text, { selector: 'button span' }).closest('button')!

function many(count: number): Beneficiary[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    beneficiaryName: `Person ${String(i + 1).padStart(2, '0')}`,
    bankName: i % 2 ? 'Guaranty Trust Bank' : 'Kobo Microfinance Bank',
    accountName: `Account Holder ${i + 1}`,
    accountNumber: String(2030000000 + i),
    bankCode: i % 2 ? '000013' : '090605',
  }))
}

const bodyRows = () =>
  [...document.querySelectorAll<HTMLElement>('.kobo-beneficiary-table tbody tr.ant-table-row')]

function renderPage() {
  return renderWithProviders({ route: '/beneficiary', preloadedState: signedInState('ada') })
}

/** Every POST /api/beneficiaries body the page sends, in order. */
function recordCreateBodies(): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = []
  const record = ({ request }: { request: Request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/beneficiaries') {
      void request.clone().json().then((body: Record<string, unknown>) => bodies.push(body))
    }
  }
  server.events.on('request:start', record)
  onTestFinished(() => server.events.removeListener('request:start', record))
  return bodies
}

const codeStep = () => screen.findByTestId('beneficiary-code-step')

/** Opens Create a Beneficiary, fills Sister at GTB 9000000014 and presses Create. */
async function askToCreateSister(user: ReturnType<typeof renderPage>['user']) {
  await user.click(await screen.findByText('Create a Beneficiary', { selector: 'button span' }))
  const modal = await dialog('Create a Beneficiary')
  await user.type(within(modal).getByLabelText('Beneficiary Name'), 'Sister')
  await choose(user, within(modal).getByLabelText('Bank'), 'Guaranty Trust Bank')
  await user.type(within(modal).getByLabelText('Account Number'), '9000000014')
  await within(modal).findByTestId('resolved-name')
  await user.click(button('Create', modal))
  return modal
}

describe('Beneficiary page', () => {
  it('shows the columns, and "No records to display" when empty', async () => {
    renderPage()
    expect(await screen.findByRole('heading', { name: 'Beneficiary' })).toBeInTheDocument()
    // The table replaces the skeleton once the list is in.
    expect(await screen.findByText('No records to display')).toBeInTheDocument()
    for (const title of ['Beneficiary Name', 'Bank Name', 'Account Name', 'Account Number', 'Actions']) {
      expect(await screen.findByText(title, { selector: 'th' })).toBeInTheDocument()
    }
  })

  it('an empty list offers to add the first beneficiary', async () => {
    const { user } = renderPage()
    const empty = await screen.findByTestId('load-empty')
    expect(empty).toHaveTextContent(NO_RECORDS)
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument()
    await user.click(within(empty).getByRole('button', { name: ADD_FIRST_BENEFICIARY }))
    expect(await dialog('Create a Beneficiary')).toBeInTheDocument()
  })

  it('pages 10 at a time by default, offers 10/25/50, jumps to a page, and searches', async () => {
    server.use(http.get('/api/beneficiaries', () => HttpResponse.json(many(30))))
    const { user } = renderPage()
    await waitFor(() => expect(bodyRows()).toHaveLength(10))
    expect(bodyRows()[0]).toHaveTextContent('Person 01')

    // Jump to page 3.
    const jumper = document.querySelector<HTMLInputElement>('.ant-pagination-options-quick-jumper input')!
    await user.type(jumper, '3')
    fireEvent.keyUp(jumper, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent('Person 21'))

    // Page sizes.
    await user.click(document.querySelector<HTMLElement>('.ant-pagination-options .ant-select')!)
    const sizes = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].map((el) => el.textContent)
      if (found.length === 0) throw new Error('no sizes')
      return found
    })
    expect(sizes).toEqual(['10 / page', '25 / page', '50 / page'])
    await user.click(screen.getByText('25 / page', { selector: '.ant-select-item-option-content' }))
    await waitFor(() => expect(bodyRows()).toHaveLength(25))

    await user.type(screen.getByLabelText('Search beneficiaries'), 'person 07')
    await waitFor(() => expect(bodyRows()).toHaveLength(1))
    expect(bodyRows()[0]).toHaveTextContent('Person 07')
    await user.clear(screen.getByLabelText('Search beneficiaries'))
    await user.type(screen.getByLabelText('Search beneficiaries'), '2030000011')
    await waitFor(() => expect(bodyRows()).toHaveLength(1))
    expect(bodyRows()[0]).toHaveTextContent('Person 12')
  })

  it('creates a beneficiary: Create stays disabled until the name resolves', async () => {
    const { user } = renderPage()
    await user.click(await screen.findByText('Create a Beneficiary', { selector: 'button span' }))
    const modal = await dialog('Create a Beneficiary')
    const create = button('Create', modal)
    expect(create).toBeDisabled()

    await user.type(within(modal).getByLabelText('Account Number'), '12345')
    fireEvent.blur(within(modal).getByLabelText('Account Number'))
    expect(await within(modal).findByText('Account Number must be 10 characters')).toBeInTheDocument()

    await user.clear(within(modal).getByLabelText('Account Number'))
    await user.type(within(modal).getByLabelText('Account Number'), '1999999999')
    expect(await within(modal).findByText(INVALID_ACCOUNT_DETAILS)).toBeInTheDocument()
    expect(create).toBeDisabled()

    await choose(user, within(modal).getByLabelText('Bank'), 'Guaranty Trust Bank')
    await user.clear(within(modal).getByLabelText('Account Number'))
    await user.type(within(modal).getByLabelText('Account Number'), '9000000014')
    expect(await within(modal).findByTestId('resolved-name')).toHaveTextContent('Adaeze Nwosu')
    expect(create).toBeEnabled()

    // The name is required.
    await user.click(create)
    expect(await within(modal).findByText('This field is required')).toBeInTheDocument()
    await user.type(within(modal).getByLabelText('Beneficiary Name'), 'Sister')
    const bodies = recordCreateBodies()
    await user.click(create)

    // Step-up: the same modal asks for the code the server sent; nothing is saved yet.
    const step = await codeStep()
    expect(within(step).getByText(OTP_SENT)).toBeInTheDocument()
    expect(step).toHaveTextContent('Sister')
    expect(step).toHaveTextContent('Adaeze Nwosu')
    expect(queryDialog('Create a Beneficiary')).not.toBeNull()
    expect(bodyRows()).toHaveLength(0)
    await typeCode(user, '123456', step)

    expect(await screen.findByText(BENEFICIARY_CREATED)).toBeInTheDocument()
    await dialogClosed('Create a Beneficiary')
    await waitFor(() => expect(bodyRows()).toHaveLength(1))
    expect(bodyRows()[0]).toHaveTextContent('Sister')
    expect(bodyRows()[0]).toHaveTextContent('Guaranty Trust Bank')
    expect(bodyRows()[0]).toHaveTextContent('Adaeze Nwosu')
    expect(bodyRows()[0]).toHaveTextContent('9000000014')
    // The second call re-sent the first call's details, with the code.
    const first = {
      beneficiaryName: 'Sister',
      bankCode: '000013',
      accountNumber: '9000000014',
      accountName: 'Adaeze Nwosu',
      bankName: 'Guaranty Trust Bank',
    }
    expect(bodies).toEqual([first, { ...first, otp: '123456' }])
  })

  it("a wrong code keeps the code step open with the server's message and empty boxes", async () => {
    const { user } = renderPage()
    const modal = await askToCreateSister(user)
    const step = await codeStep()
    await typeCode(user, '000000', step)
    expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument()
    await waitFor(() => expect(within(step).getByLabelText('Character 1 of 6')).toHaveValue(''))
    expect(queryDialog('Create a Beneficiary')).toBe(modal)
    expect(bodyRows()).toHaveLength(0)

    // Then the right one saves it.
    await typeCode(user, '123456', step)
    expect(await screen.findByText(BENEFICIARY_CREATED)).toBeInTheDocument()
    await waitFor(() => expect(bodyRows()).toHaveLength(1))
  })

  it('Cancel at the code step closes the modal and saves nothing; Create starts afresh', async () => {
    const { user } = renderPage()
    await askToCreateSister(user)
    await user.click(button('Cancel', await codeStep()))
    await dialogClosed('Create a Beneficiary')
    expect(bodyRows()).toHaveLength(0)

    await user.click(await screen.findByText('Create a Beneficiary', { selector: 'button span' }))
    const modal = await dialog('Create a Beneficiary')
    expect(within(modal).getByLabelText('Beneficiary Name')).toHaveValue('')
    expect(screen.queryByTestId('beneficiary-code-step')).toBeNull()
  })

  it('names the authenticator app for a Google Authenticator customer', async () => {
    server.use(
      http.post('/api/beneficiaries', () =>
        HttpResponse.json({ message: GOOGLE_PROMPT, twoFactorAuthentication: 'GOOGLE_AUTHENTICATOR' }, { status: 202 }),
      ),
    )
    const { user } = renderPage()
    await askToCreateSister(user)
    const step = await codeStep()
    expect(within(step).getByText('Google Authentication')).toBeInTheDocument()
    expect(within(step).getByText(GOOGLE_PROMPT)).toBeInTheDocument()
  })

  it("shows the server's refusal, else the spec fallback, when creating fails", async () => {
    server.use(http.post('/api/beneficiaries', () => problem(409, 'This beneficiary already exists', 'Conflict')))
    const { user } = renderPage()
    await user.click(await screen.findByText('Create a Beneficiary', { selector: 'button span' }))
    const modal = await dialog('Create a Beneficiary')
    await user.type(within(modal).getByLabelText('Beneficiary Name'), 'Tunde')
    await user.type(within(modal).getByLabelText('Account Number'), '1020000218')
    await within(modal).findByTestId('resolved-name')
    await user.click(button('Create', modal))
    expect(await screen.findByText('This beneficiary already exists')).toBeInTheDocument()
    expect(queryDialog('Create a Beneficiary')).not.toBeNull()

    server.use(http.post('/api/beneficiaries', () => new HttpResponse(null, { status: 500 })))
    await user.click(button('Create', modal))
    expect(await screen.findByText(CREATE_BENEFICIARY_ERROR)).toBeInTheDocument()
  })

  it('deletes from the row menu after Yes; No keeps it', async () => {
    let saved = many(2)
    let deleted: string | null = null
    server.use(
      http.get('/api/beneficiaries', () => HttpResponse.json(saved)),
      http.delete('/api/beneficiaries/:id', ({ params }) => {
        deleted = String(params.id)
        saved = saved.filter((b) => String(b.id) !== deleted)
        return HttpResponse.json({ message: 'Deleted successfully' })
      }),
    )
    const { user } = renderPage()
    await waitFor(() => expect(bodyRows()).toHaveLength(2))

    await user.click(within(bodyRows()[0]).getByLabelText('Actions for Person 01'))
    await user.click(await screen.findByText('Delete', { selector: '.ant-dropdown-menu-title-content' }))
    const confirm = await dialog('Delete Beneficiary')
    expect(within(confirm).getByText(DELETE_CONFIRM)).toBeInTheDocument()
    await user.click(button('No', confirm))
    await dialogClosed('Delete Beneficiary')
    expect(deleted).toBeNull()

    await user.click(within(bodyRows()[0]).getByLabelText('Actions for Person 01'))
    await user.click(await screen.findByText('Delete', { selector: '.ant-dropdown-menu-title-content' }))
    await user.click(button('Yes', await dialog('Delete Beneficiary')))
    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument()
    expect(deleted).toBe('1')
    await waitFor(() => expect(bodyRows()).toHaveLength(1))
    expect(screen.queryByText('Person 01')).toBeNull()
  })

  it("a refused delete says the server's reason, else the spec fallback, and keeps the row", async () => {
    server.use(
      http.get('/api/beneficiaries', () => HttpResponse.json(many(2))),
      http.delete('/api/beneficiaries/:id', () => problem(409, 'A scheduled payment still uses this beneficiary', 'Conflict'), { once: true }),
    )
    const { user } = renderPage()
    await waitFor(() => expect(bodyRows()).toHaveLength(2))
    const deleteFirst = async () => {
      await user.click(within(bodyRows()[0]).getByLabelText('Actions for Person 01'))
      await user.click(await screen.findByText('Delete', { selector: '.ant-dropdown-menu-title-content' }))
      await user.click(button('Yes', await dialog('Delete Beneficiary')))
    }
    await deleteFirst()
    expect(await screen.findByText('A scheduled payment still uses this beneficiary')).toBeInTheDocument()
    await waitFor(() => expect(within(bodyRows()[0]).getByLabelText('Actions for Person 01')).not.toHaveClass('ant-btn-loading'))

    server.use(http.delete('/api/beneficiaries/:id', () => new HttpResponse(null, { status: 500 }), { once: true }))
    await deleteFirst()
    expect(await screen.findByText(DELETE_BENEFICIARY_ERROR)).toBeInTheDocument()
    expect(bodyRows()).toHaveLength(2)
    expect(screen.queryByText(BENEFICIARY_DELETED)).toBeNull()
  })

  it('uses the spec fallbacks for fetch and delete failures', async () => {
    server.use(
      http.get('/api/beneficiaries', () => new HttpResponse(null, { status: 500 }), { once: true }),
    )
    renderPage()
    await expectFailure(BENEFICIARIES_ERROR)
    expect(BENEFICIARIES_ERROR).toBe('An error occurred while fetching beneficiaries')
    expect(DELETE_BENEFICIARY_ERROR).toBe('An error occurred while deleteing beneficiary')
  })

  it('a 500 shows the reason and a Retry, not "No records to display"; Retry loads the list', async () => {
    failWithProblem('/api/beneficiaries', 'Core banking is unavailable')
    const { user } = renderPage()
    const retry = await expectFailure('Core banking is unavailable')
    expect(screen.getByText(BENEFICIARIES_FAILED)).toBeInTheDocument()
    expect(screen.queryByText(NO_RECORDS)).not.toBeInTheDocument()
    restoreHandlers()
    server.use(http.get('/api/beneficiaries', () => HttpResponse.json(many(2))))
    await user.click(retry)
    await waitFor(() => expect(bodyRows()).toHaveLength(2))
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument()
  })

  it('a network failure says so, and Retry loads the list', async () => {
    failWithNetworkError('/api/beneficiaries')
    const { user } = renderPage()
    const retry = await expectFailure(NETWORK_FAILURE)
    expect(screen.queryByText(NO_RECORDS)).not.toBeInTheDocument()
    restoreHandlers()
    server.use(http.get('/api/beneficiaries', () => HttpResponse.json(many(2))))
    await user.click(retry)
    await waitFor(() => expect(bodyRows()).toHaveLength(2))
  })
})
