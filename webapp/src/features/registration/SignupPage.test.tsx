import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { server } from '../../mocks/server'
import { renderWithProviders } from '../../test/renderWithProviders'
import { AUTH_BASE } from '../auth/api'
import { chooseOption, fieldErrorTexts } from './testHelpers'
import { MOCK_ENUMS } from './mocks'
import { decodeBase64 } from '../../lib/base64'

const REQUIRED = 'This field is required'

const NGOZI = {
  firstName: 'Ngozi',
  lastName: 'Adebayo',
  email: 'ngozi.adebayo@example.com',
  phoneNumber: '08099900001',
  dateOfBirth: '14/03/1995',
  bvn: '22299900001',
  address: '12 Allen Avenue, Ikeja',
}

async function openSignup() {
  const view = renderWithProviders({ route: '/signup' })
  await screen.findByRole('heading', { name: 'Create Account' })
  return view
}

async function fillNewUser(user: UserEvent, values = NGOZI) {
  await user.type(screen.getByLabelText('First Name'), values.firstName)
  await user.type(screen.getByLabelText('Last Name'), values.lastName)
  await user.type(screen.getByLabelText('Email Address'), values.email)
  await user.type(screen.getByLabelText('Phone Number'), values.phoneNumber)
  await user.type(screen.getByLabelText('Date of Birth'), `${values.dateOfBirth}{Enter}`)
  await user.type(screen.getByLabelText('BVN'), values.bvn)
  await chooseOption(user, screen.getByLabelText('Gender'), 'Female')
  await chooseOption(user, screen.getByLabelText('State of Residence'), 'Lagos', true)
  await user.type(screen.getByLabelText('Address'), values.address)
  await chooseOption(user, screen.getByLabelText('Employment Status'), 'Self Employed')
  await chooseOption(user, screen.getByLabelText('Marital Status'), 'Single')
  await chooseOption(user, screen.getByLabelText('Account Type'), 'Current Account')
}

/** Queries inside the visible tab panel (the other tab's form stays mounted, hidden). */
const activePanel = () => within(screen.getByRole('tabpanel'))

async function fillPasswords(user: UserEvent, password: string, confirm = password) {
  await user.type(screen.getByLabelText('Password'), password)
  await user.type(screen.getByLabelText('Confirm Password'), confirm)
}

/** Records the body of the next registration call, and lets the mock answer it. */
function spyOn(path: string) {
  const bodies: Record<string, unknown>[] = []
  server.use(
    http.post(`${AUTH_BASE}${path}`, async ({ request }) => {
      bodies.push((await request.clone().json()) as Record<string, unknown>)
      return undefined
    }),
  )
  return bodies
}

// Filling twelve antd fields keystroke by keystroke takes a few seconds in jsdom.
describe('Signup page', { timeout: 30_000 }, () => {
  it('shows the two tabs, a Login link and STEP 1 OF 3 with three squares', async () => {
    await openSignup()
    expect(screen.getByRole('tab', { name: 'New User' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tab', { name: 'Bank Account Owner' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/')
    const brand = screen.getByRole('complementary', { name: 'About Kobo' })
    expect(within(brand).getByText('STEP 1 OF 3')).toBeInTheDocument()
    expect(within(brand).getAllByRole('listitem')).toHaveLength(3)
  })

  it('requires every personal field of a new user', async () => {
    const { user, store } = await openSignup()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(fieldErrorTexts()).toHaveLength(12))
    expect(new Set(fieldErrorTexts())).toEqual(new Set([REQUIRED]))
    expect(store.getState().registration.stage).toBe(1)
  })

  it('checks the BVN length, the phone number and the e-mail address', async () => {
    const { user } = await openSignup()
    await user.type(screen.getByLabelText('BVN'), '2229')
    await user.type(screen.getByLabelText('Phone Number'), '0809')
    await user.type(screen.getByLabelText('Email Address'), 'not-an-email')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Bvn must be at least 11 characters')).toBeInTheDocument()
    expect(await screen.findByText('Phone number must be 11 digits')).toBeInTheDocument()
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument()
  })

  it('validates the password stage with the spec messages', async () => {
    const { user } = await openSignup()
    await fillNewUser(user)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { name: 'Set Your Password' })).toBeInTheDocument()
    // The tabs belong to stage 1 only.
    expect(screen.queryByRole('tab', { name: 'New User' })).not.toBeInTheDocument()
    expect(within(screen.getByRole('complementary', { name: 'About Kobo' })).getByText('STEP 2 OF 3')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    // Each field's check settles on its own: on a loaded machine the second shows a moment later.
    expect(await screen.findByText(REQUIRED)).toBeInTheDocument()
    expect(await screen.findByText('Confirm Password is required')).toBeInTheDocument()

    await fillPasswords(user, 'short', 'other')
    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument()
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument()

    await user.clear(screen.getByLabelText('Password'))
    await user.type(screen.getByLabelText('Password'), 'alllowercase1')
    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(
      await screen.findByText('Password must contain at least 1 uppercase letter, 1 special character, and 1 number'),
    ).toBeInTheDocument()
  })

  it('Previous returns to stage 1 with the entered data kept', async () => {
    const { user } = await openSignup()
    await fillNewUser(user)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByRole('heading', { name: 'Set Your Password' })
    await user.click(screen.getByRole('button', { name: 'Previous' }))

    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeInTheDocument()
    expect(screen.getByLabelText('First Name')).toHaveValue('Ngozi')
    expect(screen.getByLabelText('Email Address')).toHaveValue('ngozi.adebayo@example.com')
    expect(screen.getByLabelText('Date of Birth')).toHaveValue('14/03/1995')
    expect(screen.getByLabelText('BVN')).toHaveValue('22299900001')
    expect(screen.getByTitle('Female')).toBeInTheDocument()
    expect(screen.getByTitle('Current Account')).toBeInTheDocument()
    // And straight on again, without retyping anything.
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { name: 'Set Your Password' })).toBeInTheDocument()
  })

  it('registers a new user with dd/mm/yyyy and goes to /verify-email with the address in base64', async () => {
    const bodies = spyOn('/registration/new')
    const { user, router } = await openSignup()
    await fillNewUser(user)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByRole('heading', { name: 'Set Your Password' })
    await fillPasswords(user, 'Kobo@2026!')
    await user.click(screen.getByRole('button', { name: 'Create Account' }))

    expect(await screen.findByText('Registered successfully')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'))
    const email = new URLSearchParams(router.state.location.search).get('email')
    expect(email).toBe(btoa('ngozi.adebayo@example.com'))
    expect(decodeBase64(email)).toBe('ngozi.adebayo@example.com')
    expect(bodies).toHaveLength(1)
    expect(bodies[0]).toEqual({
      ...NGOZI,
      gender: 'FEMALE',
      stateOfResidence: 'Lagos',
      employmentStatus: 'SELF_EMPLOYED',
      maritalStatus: 'SINGLE',
      accountTypeId: 2,
      clientType: 'INDIVIDUAL',
      password: 'Kobo@2026!',
      confirmPassword: 'Kobo@2026!',
      registrationType: 'NEW',
    })
    expect(await screen.findByRole('heading', { name: 'Verify Email' })).toBeInTheDocument()
    expect(screen.getByText('ngozi.adebayo@example.com')).toBeInTheDocument()
  })

  it('puts server field errors back on stage 1 (an e-mail already in use)', async () => {
    const { user, store } = await openSignup()
    await fillNewUser(user, { ...NGOZI, email: 'ada.okafor@example.com' })
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByRole('heading', { name: 'Set Your Password' })
    await fillPasswords(user, 'Kobo@2026!')
    await user.click(screen.getByRole('button', { name: 'Create Account' }))

    // The toast and the message under the Email field.
    await waitFor(() => expect(screen.getAllByText('An account with this email already exists')).toHaveLength(2))
    expect(store.getState().registration.stage).toBe(1)
    const emailItem = screen.getByLabelText('Email Address').closest('.ant-form-item') as HTMLElement
    expect(within(emailItem).getByText('An account with this email already exists')).toBeInTheDocument()
  })

  it('toasts "An error occurred" when a failed registration has no detail', async () => {
    server.use(http.post(`${AUTH_BASE}/registration/new`, () => new HttpResponse(null, { status: 500 })))
    const { user } = await openSignup()
    await fillNewUser(user)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await fillPasswords(user, 'Kobo@2026!')
    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText('An error occurred')).toBeInTheDocument()
  })

  describe('Bank Account Owner', () => {
    it('requires the account number when the server says so, and the e-mail', async () => {
      const { user } = await openSignup()
      await user.click(screen.getByRole('tab', { name: 'Bank Account Owner' }))
      await user.click(await screen.findByRole('button', { name: 'Next' }))
      await waitFor(() => expect(fieldErrorTexts()).toEqual([REQUIRED, 'Enter your BVN or phone number', REQUIRED]))
      expect(activePanel().getByLabelText('BVN (Optional)')).toBeInTheDocument()
      expect(activePanel().getByLabelText('Phone Number (Optional)')).toBeInTheDocument()
    })

    it('leaves the account number optional for any other required parameter', async () => {
      server.use(
        http.get(`${AUTH_BASE}/registration-enums`, () =>
          HttpResponse.json({ ...MOCK_ENUMS, requiredRegistrationParameter: 'bvn' }),
        ),
      )
      const { user } = await openSignup()
      await user.click(screen.getByRole('tab', { name: 'Bank Account Owner' }))
      expect(await activePanel().findByLabelText('Account Number (Optional)')).toBeInTheDocument()
      await user.type(activePanel().getByLabelText('BVN (Optional)'), '22212345604')
      await user.type(activePanel().getByLabelText('Email Address'), 'musa@example.com')
      await user.click(screen.getByRole('button', { name: 'Next' }))
      expect(await screen.findByRole('heading', { name: 'Set Your Password' })).toBeInTheDocument()
    })

    it('checks the account number and BVN lengths', async () => {
      const { user } = await openSignup()
      await user.click(screen.getByRole('tab', { name: 'Bank Account Owner' }))
      await user.type(await activePanel().findByLabelText('Account Number'), '10200')
      await user.type(activePanel().getByLabelText('BVN (Optional)'), '222')
      await user.click(screen.getByRole('button', { name: 'Next' }))
      expect(await screen.findByText('Account Number must be 10 characters')).toBeInTheDocument()
      expect(await screen.findByText('Bvn must be at least 11 characters')).toBeInTheDocument()
    })

    it('drops empty values from the payload and registers Musa', async () => {
      const bodies = spyOn('/registration/existing')
      const { user, router } = await openSignup()
      await user.click(screen.getByRole('tab', { name: 'Bank Account Owner' }))
      await user.type(await activePanel().findByLabelText('Account Number'), '1020000414')
      await user.type(activePanel().getByLabelText('BVN (Optional)'), '22212345604')
      await user.type(activePanel().getByLabelText('Email Address'), 'musa.ibrahim@example.com')
      await user.click(screen.getByRole('button', { name: 'Next' }))
      await fillPasswords(user, 'Kobo@2026!')
      await user.click(screen.getByRole('button', { name: 'Create Account' }))

      expect(await screen.findByText('Registered successfully')).toBeInTheDocument()
      await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'))
      expect(bodies[0]).toEqual({
        registrationType: 'ACCOUNT_OWNER',
        accountNUBAN: '1020000414',
        bvn: '22212345604',
        email: 'musa.ibrahim@example.com',
        password: 'Kobo@2026!',
        confirmPassword: 'Kobo@2026!',
      })
      expect(bodies[0]).not.toHaveProperty('phoneNumber')
    })

    it('keeps the owner details through Previous, and shows a refusal from the bank', async () => {
      const { user } = await openSignup()
      await user.click(screen.getByRole('tab', { name: 'Bank Account Owner' }))
      await user.type(await activePanel().findByLabelText('Account Number'), '1020000414')
      await user.type(activePanel().getByLabelText('Phone Number (Optional)'), '08000000000')
      await user.type(activePanel().getByLabelText('Email Address'), 'musa@example.com')
      await user.click(screen.getByRole('button', { name: 'Next' }))
      await user.click(await screen.findByRole('button', { name: 'Previous' }))
      expect(await screen.findByRole('tab', { name: 'Bank Account Owner' })).toHaveAttribute('aria-selected', 'true')
      expect(activePanel().getByLabelText('Account Number')).toHaveValue('1020000414')
      expect(activePanel().getByLabelText('Phone Number (Optional)')).toHaveValue('08000000000')

      await user.click(screen.getByRole('button', { name: 'Next' }))
      await fillPasswords(user, 'Kobo@2026!')
      await user.click(screen.getByRole('button', { name: 'Create Account' }))
      expect(
        await screen.findByText(
          'We could not match these details to the account. Check the account number and BVN or phone number.',
        ),
      ).toBeInTheDocument()
    })
  })

  it('reads the option lists signed out (no token) and says Loading... until they come', async () => {
    const authorizations: (string | null)[] = []
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.get(`${AUTH_BASE}/states`, async ({ request }) => {
        authorizations.push(request.headers.get('Authorization'))
        await held
        return undefined
      }),
    )
    const { user } = await openSignup()
    await user.click(screen.getByLabelText('State of Residence'))
    expect(await screen.findByText('Loading...')).toBeInTheDocument()
    release()
    await chooseOption(user, screen.getByLabelText('State of Residence'), 'Lagos', true)
    expect(authorizations).toEqual([null])
  })

  it('sends the client type the enumerations read gave', async () => {
    server.use(
      http.get(`${AUTH_BASE}/registration-enums`, () => HttpResponse.json({ ...MOCK_ENUMS, clientType: ['SOLE_PROPRIETOR'] })),
    )
    const bodies = spyOn('/registration/new')
    const { user } = await openSignup()
    await fillNewUser(user)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await fillPasswords(user, 'Kobo@2026!')
    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText('Registered successfully')).toBeInTheDocument()
    expect(bodies[0]).toMatchObject({ clientType: 'SOLE_PROPRIETOR' })
  })

  it('says the fallback sentences under the fields when the option lists cannot be fetched', async () => {
    server.use(
      http.get(`${AUTH_BASE}/registration-enums`, () => new HttpResponse(null, { status: 500 })),
      http.get(`${AUTH_BASE}/states`, () => new HttpResponse(null, { status: 500 })),
      http.get(`${AUTH_BASE}/account-types`, () => new HttpResponse(null, { status: 500 })),
    )
    await openSignup()
    expect(await screen.findByText('An error occurred while fetching fields')).toBeInTheDocument()
    expect(await screen.findByText('An error occurred while fetching states')).toBeInTheDocument()
    expect(await screen.findByText('An error occurred while fetching account types')).toBeInTheDocument()
    // A failed list is not a list still loading.
    await userEvent.click(screen.getByLabelText('Account Type'))
    expect(await screen.findByText('No options')).toBeInTheDocument()
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument()
  })
})
