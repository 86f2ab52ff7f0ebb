/** /bill-payment: the four panels, their validation, the two-step look-ups, the code dialog, outcomes and the history. */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { setOverride } from '../../mocks/forcing/overrides'
import { requestBodies } from '../../test/requestBodies'
import { problem, tokenFor } from '../../mocks/session'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { customerOf } from '../../mocks/state'
import { requireSelfie } from '../../mocks/liveness'
import { personas } from '../../mocks/personas'
import { dialog, dialogClosed, noToast, queryDialog, setUpMoneyTests, typeCode } from '../transfers/testUtils'
import { pendingPolling } from './billsSaga'
import { VEND_FAILED, seedMockBills } from './mocks'
import {
  CATALOG_FAILED,
  DETAILS_TITLE,
  FAILED_TITLE,
  HELD_TITLE,
  HISTORY_FAILED,
  PAY_FIRST_BILL,
  GET_CABLE_DETAILS,
  GET_METER_DETAILS,
  MOBILE_NUMBER_LENGTH,
  NETWORK_REQUIRED,
  NO_RECORDS,
  PENDING_TITLE,
  PROCEED,
  SUCCESS_TITLE,
} from './texts'
import type { BillLog } from './types'
import { formatNaira } from '../../lib/format'
import { NETWORK_FAILURE } from '../../api/client'
import { expectFailure, failWithNetworkError, failWithProblem, restoreHandlers } from '../../test/loadFailures'

const LOGS_PATH = '/api/utility/logs'
const AIRTIME_PROVIDERS_PATH = '/api/utility/providers/airtime'

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })
beforeEach(() => {
  pendingPolling.intervalMs = 20
  pendingPolling.attempts = 16
})

const SAVINGS = 'Savings Account (1020000115)'
const ada = personas.find((p) => p.key === 'ada')!
const savingsBalance = () => customerOf(ada).accounts.find((a) => a.accountNumber === '1020000115')!.availableBalance

function renderBills() {
  return renderWithProviders({ route: '/bill-payment', preloadedState: signedInState('ada') })
}
type User = ReturnType<typeof renderBills>['user']

async function openPanel(user: User, title: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${title}`) }))
  return dialog(title)
}

function historyRows() {
  const table = document.querySelector('.kobo-bill-table tbody')!
  return [...table.querySelectorAll('tr.ant-table-row')] as HTMLElement[]
}

/**
 * Picks an option of an antd Select. Unlike the transfer tests' helper it
 * looks in every open dropdown, since a select opened a second time keeps its
 * first (earlier) popup.
 */
async function choose(user: User, box: string | HTMLElement, option: string) {
  await user.click(typeof box === 'string' ? screen.getByLabelText(box) : box)
  const item = await waitFor(() => {
    const found = [
      ...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option'),
    ].find((el) => el.getAttribute('title') === option || el.textContent === option)
    if (!found) throw new Error(`no option "${option}"`)
    return found
  })
  await user.click(item)
}

/**
 * The panel's submit button, checked for its label. (After a click antd's
 * styles leave it out of jsdom's accessibility tree, so it is found by type.)
 */
function submit(panel: HTMLElement, label?: string): HTMLElement {
  const button = panel.querySelector<HTMLElement>('form button[type="submit"]')!
  if (label) expect(button).toHaveTextContent(label)
  return button
}

/** antd hides the radio input itself: click its label. */
async function pickNetwork(user: User, panel: HTMLElement, name: string) {
  await user.click(within(panel).getByRole('radio', { name: new RegExp(name) }).closest('label')!)
}

async function confirmWithCode(user: User, code = '123456') {
  const codeDialog = await dialog('OTP Verification')
  await typeCode(user, code, codeDialog)
}

function bill(overrides: Partial<BillLog>): BillLog {
  return {
    id: 'b',
    dateCreated: '01-11-2026 10:00:00',
    utilityProductType: 'AIRTIME',
    amount: 100,
    vendingStatus: 'SUCCESS',
    reference: 'ref',
    sourceAccount: '1020000115',
    vender: 'MTN',
    utilityProviderTitle: 'MTN',
    phoneNumber: '08031234501',
    dataBundleCode: null,
    electricityMeterNumber: null,
    electricityMeterOwner: null,
    electricityMeterOwnerPhoneNumber: null,
    electricityMeterOwnerAddress: null,
    electricityMeterType: null,
    vendingToken: null,
    units: null,
    cableTvSmartCardNumber: null,
    cableTvBouquetCode: null,
    message: 'Successful',
    heldForReview: false,
    ...overrides,
  }
}

describe('Bills Payment page', () => {
  it('shows the heading, the four tiles and an empty history', async () => {
    renderBills()
    expect(await screen.findByRole('heading', { name: 'Bills Payment' })).toBeInTheDocument()
    for (const title of ['Buy Airtime', 'Data & Internet', 'Pay Electricity Bill', 'Pay Cable TV Bill']) {
      expect(screen.getByRole('button', { name: new RegExp(`^${title}`) })).toBeInTheDocument()
    }
    expect(await screen.findByText(NO_RECORDS)).toBeInTheDocument()
  })

  it('airtime: needs a network, an 11-digit number and an amount, then pays with the code', async () => {
    const { user } = renderBills()
    const panel = await openPanel(user, 'Buy Airtime')
    const phone = within(panel).getByLabelText('Mobile Number')
    // The customer's own number is filled in.
    expect(phone).toHaveValue('08031234501')
    await user.clear(phone)
    await user.type(phone, '0803ab123450')
    // Letters never get in.
    expect(phone).toHaveValue('0803123450')
    await user.click(submit(panel, PROCEED))
    expect(await within(panel).findByText(NETWORK_REQUIRED)).toBeInTheDocument()
    expect(within(panel).getByText(MOBILE_NUMBER_LENGTH)).toBeInTheDocument()
    expect(within(panel).getByText('Amount is required')).toBeInTheDocument()
    expect(queryDialog('OTP Verification')).toBeNull()

    await pickNetwork(user, panel, 'MTN')
    await user.type(phone, '1')
    await user.type(within(panel).getByLabelText('Amount'), '500')
    await choose(user, within(panel).getByLabelText('From Account'), SAVINGS)
    await waitFor(() => expect(within(panel).queryByText(MOBILE_NUMBER_LENGTH)).not.toBeInTheDocument())
    expect(within(panel).queryByText(NETWORK_REQUIRED)).not.toBeInTheDocument()
    const before = savingsBalance()
    await user.click(submit(panel, PROCEED))

    const codeDialog = await dialog('OTP Verification')
    expect(codeDialog).toHaveTextContent('₦500.00')
    expect(codeDialog).toHaveTextContent('Buy Airtime · MTN')
    expect(codeDialog).toHaveTextContent('08031234501')
    await typeCode(user, '123456', codeDialog)

    expect(await screen.findByTestId('receipt-status')).toHaveTextContent('Completed')
    await dialogClosed('Buy Airtime')
    expect(savingsBalance()).toBe(before - 500)
    await waitFor(() => expect(historyRows()).toHaveLength(1))
    expect(historyRows()[0]).toHaveTextContent('Airtime · MTN')
    expect(historyRows()[0]).toHaveTextContent('Completed')
  })

  it('a paid bill reads the accounts to pay from again: the From Account shows the new balance', async () => {
    let reads = 0
    server.use(
      http.get('/api/utility/source-accounts', () => {
        reads += 1
        return undefined
      }),
    )
    const { user } = renderBills()
    await waitFor(() => expect(reads).toBe(1))
    let panel = await openPanel(user, 'Buy Airtime')
    await pickNetwork(user, panel, 'MTN')
    await user.type(within(panel).getByLabelText('Amount'), '500')
    await choose(user, within(panel).getByLabelText('From Account'), SAVINGS)
    const before = savingsBalance()
    await user.click(submit(panel, PROCEED))
    await confirmWithCode(user)
    expect(await screen.findByTestId('receipt-status')).toHaveTextContent('Completed')
    await waitFor(() => expect(reads).toBe(2))
    await dialogClosed('Buy Airtime')
    await user.click(screen.getByRole('button', { name: 'Done' }))
    panel = await openPanel(user, 'Buy Airtime')
    await user.click(within(panel).getByLabelText('From Account'))
    expect(await screen.findByText(formatNaira(before - 500))).toBeInTheDocument()
  })

  it('data: bundles come from the server per network and the amount is the price', async () => {
    const { user } = renderBills()
    const panel = await openPanel(user, 'Data & Internet')
    await choose(user, within(panel).getByLabelText('Network'), 'GLO Data')
    await choose(user, within(panel).getByLabelText('Data Plan'), '3GB (30 days) · ₦1,500.00')
    expect(within(panel).getByLabelText('Amount')).toHaveValue('₦1,500.00')
    // Another network: the plan is cleared and its own plans are offered.
    await choose(user, within(panel).getByLabelText('Network'), 'MTN Data')
    expect(within(panel).getByLabelText('Amount')).toHaveValue('')
    await choose(user, within(panel).getByLabelText('Data Plan'), '2GB (30 days) · ₦1,500.00')
    const phone = within(panel).getByLabelText('Mobile Number')
    await user.clear(phone)
    await user.type(phone, '0809999000')
    await choose(user, within(panel).getByLabelText('From Account'), SAVINGS)
    await user.click(submit(panel, PROCEED))
    expect(await within(panel).findByText(MOBILE_NUMBER_LENGTH)).toBeInTheDocument()
    await user.type(phone, '1')
    await user.click(submit(panel, PROCEED))
    await confirmWithCode(user)
    expect(await screen.findByTestId('receipt-status')).toHaveTextContent('Completed')
    await waitFor(() => expect(historyRows()).toHaveLength(1))
    expect(historyRows()[0]).toHaveTextContent('Data · MTN Data')
  })

  it('electricity: Get Meter Details, then Proceed; a new number or company clears the name', async () => {
    const { user } = renderBills()
    const panel = await openPanel(user, 'Pay Electricity Bill')
    await user.click(submit(panel, GET_METER_DETAILS))
    // antd checks the fields one by one: wait for all three messages, not the first.
    await waitFor(() => expect(within(panel).getAllByText('This field is required')).toHaveLength(3))
    expect(within(panel).queryByLabelText('Amount')).not.toBeInTheDocument()

    await choose(user, within(panel).getByLabelText('Distribution Company'), 'Ikeja Electric')
    // Meter types come from the server.
    await choose(user, within(panel).getByLabelText('Meter Type'), 'Prepaid')
    await user.type(within(panel).getByLabelText('Meter Number'), '45000000009')
    await user.click(submit(panel, GET_METER_DETAILS))
    expect(await within(panel).findByText('We could not find this meter. Check the number and the provider.')).toBeInTheDocument()
    expect(submit(panel)).toHaveTextContent(GET_METER_DETAILS)

    await user.clear(within(panel).getByLabelText('Meter Number'))
    await user.type(within(panel).getByLabelText('Meter Number'), '45000000001')
    await user.click(submit(panel, GET_METER_DETAILS))
    expect(await within(panel).findByTestId('bill-holder-name')).toHaveTextContent('Kemi Adeyinka')
    expect(within(panel).getByText('4 Allen Avenue, Ikeja')).toBeInTheDocument()
    expect(submit(panel)).toHaveTextContent(PROCEED)

    // Changing the number clears the retrieved name; so does changing the company.
    await user.type(within(panel).getByLabelText('Meter Number'), '2')
    expect(within(panel).queryByTestId('bill-holder-name')).not.toBeInTheDocument()
    expect(submit(panel)).toHaveTextContent(GET_METER_DETAILS)
    await user.type(within(panel).getByLabelText('Meter Number'), '{Backspace}')
    await user.click(submit(panel, GET_METER_DETAILS))
    expect(await within(panel).findByTestId('bill-holder-name')).toHaveTextContent('Kemi Adeyinka')
    await choose(user, within(panel).getByLabelText('Distribution Company'), 'Eko Electricity')
    expect(within(panel).queryByTestId('bill-holder-name')).not.toBeInTheDocument()
    await user.click(submit(panel, GET_METER_DETAILS))
    expect(await within(panel).findByTestId('bill-holder-name')).toHaveTextContent('Kemi Adeyinka')

    expect(within(panel).getByLabelText('Amount')).toBeInTheDocument()
  })

  async function meterDetails(user: User, panel: HTMLElement, meter: string) {
    await choose(user, within(panel).getByLabelText('Distribution Company'), 'Eko Electricity')
    await choose(user, within(panel).getByLabelText('Meter Type'), 'Prepaid')
    await user.type(within(panel).getByLabelText('Meter Number'), meter)
    await user.click(submit(panel, GET_METER_DETAILS))
    await within(panel).findByTestId('bill-holder-name')
  }

  it('electricity: a prepaid token is shown after the code and in Bill Payment Details', async () => {
    const { user } = renderBills()
    const panel = await openPanel(user, 'Pay Electricity Bill')
    await meterDetails(user, panel, '45000000001')
    await user.click(submit(panel, PROCEED))
    expect(await within(panel).findByText('Amount is required')).toBeInTheDocument()
    await user.type(within(panel).getByLabelText('Amount'), '400')
    await choose(user, within(panel).getByLabelText('From Account'), SAVINGS)
    await user.click(submit(panel, PROCEED))
    expect(await within(panel).findByText('The least you can pay is ₦500.00')).toBeInTheDocument()
    await user.clear(within(panel).getByLabelText('Amount'))
    await user.type(within(panel).getByLabelText('Amount'), '5000')
    await user.click(submit(panel, PROCEED))
    const codeDialog = await dialog('OTP Verification')
    expect(codeDialog).toHaveTextContent('Kemi Adeyinka · 45000000001')
    await typeCode(user, '123456', codeDialog)

    expect(await screen.findByText(SUCCESS_TITLE)).toBeInTheDocument()
    // The receipt shows the token in large digits (receipt-token-digits), the history in its table.
    const token = await screen.findByTestId('receipt-token-digits')
    expect(token.textContent).toMatch(/^\d{4}-\d{4}-\d{4}-\d{4}-\d{4}$/)
    await dialogClosed('Pay Electricity Bill')
    await user.click(screen.getByRole('button', { name: 'Done' }))

    await waitFor(() => expect(historyRows()).toHaveLength(1))
    await user.click(within(historyRows()[0]).getByRole('button', { name: /View/ }))
    const details = await dialog(DETAILS_TITLE)
    expect(within(details).getByTestId('bill-token')).toHaveTextContent(token.textContent!)
    for (const text of ['Kemi Adeyinka', '45000000001', 'Prepaid', '4 Allen Avenue, Ikeja', '08055500001', 'Eko Electricity', '₦5,000.00', 'Completed']) {
      expect(details).toHaveTextContent(text)
    }
    expect(details).toHaveTextContent(/kWh/)
  })

  it('electricity: the receipt shows the token in large digits and its copy button copies the bare digits', async () => {
    const { user } = renderBills()
    const panel = await openPanel(user, 'Pay Electricity Bill')
    await meterDetails(user, panel, '45000000001')
    await user.type(within(panel).getByLabelText('Amount'), '5000')
    await choose(user, within(panel).getByLabelText('From Account'), SAVINGS)
    await user.click(submit(panel, PROCEED))
    await typeCode(user, '123456', await dialog('OTP Verification'))

    const receipt = await screen.findByTestId('receipt')
    expect(within(receipt).getByText(SUCCESS_TITLE, { selector: '.ant-result-title' })).toBeInTheDocument()
    const digits = within(receipt).getByTestId('receipt-token-digits')
    expect(digits.textContent).toMatch(/^\d{4}(-\d{4}){4}$/)
    await user.click(within(within(receipt).getByTestId('receipt-token')).getByRole('button'))
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(digits.textContent!.replace(/-/g, '')))
    expect(receipt).toHaveTextContent('Kemi Adeyinka')
    expect(receipt).toHaveTextContent('45000000001')
  })

  it('airtime: the success screen is a Result with the receipt facts and the receipt actions, not only a toast', async () => {
    const { user } = renderBills()
    const panel = await openPanel(user, 'Buy Airtime')
    await pickNetwork(user, panel, 'MTN')
    await user.type(within(panel).getByLabelText('Amount'), '500')
    await choose(user, within(panel).getByLabelText('From Account'), SAVINGS)
    await user.click(submit(panel, PROCEED))
    await typeCode(user, '123456', await dialog('OTP Verification'))

    const receipt = await screen.findByTestId('receipt')
    expect(within(receipt).getByText(SUCCESS_TITLE, { selector: '.ant-result-title' })).toBeInTheDocument()
    expect(within(receipt).getByTestId('receipt-amount')).toHaveTextContent('₦500.00')
    expect(receipt).toHaveTextContent('MTN')
    expect(receipt).toHaveTextContent('08031234501')
    expect(within(receipt).getByTestId('receipt-status')).toHaveTextContent('Completed')
    expect(within(receipt).getByTestId('receipt-reference').textContent).toMatch(/^[0-9a-f]{32}$/)
    expect(within(receipt).getByRole('button', { name: /Share receipt$/ })).toBeInTheDocument()
    expect(within(receipt).getByRole('button', { name: /Download receipt$/ })).toBeInTheDocument()
  })

  it('cable TV: Get Cable Details, then Proceed; changing the provider clears the name', async () => {
    const { user } = renderBills()
    const panel = await openPanel(user, 'Pay Cable TV Bill')
    await choose(user, within(panel).getByLabelText('Cable Provider'), 'DStv')
    await choose(user, within(panel).getByLabelText('Bouquet'), 'DStv Padi · ₦4,400.00')
    expect(within(panel).getByLabelText('Amount')).toHaveValue('₦4,400.00')
    await user.click(submit(panel, GET_CABLE_DETAILS))
    expect(await within(panel).findByText('This field is required')).toBeInTheDocument()
    await user.type(within(panel).getByLabelText('Smart Card Number'), '7000000001')
    await user.click(submit(panel, GET_CABLE_DETAILS))
    expect(await within(panel).findByTestId('bill-holder-name')).toHaveTextContent('Yemi Alade')

    await choose(user, within(panel).getByLabelText('Cable Provider'), 'GOtv')
    expect(within(panel).queryByTestId('bill-holder-name')).not.toBeInTheDocument()
    expect(within(panel).getByLabelText('Amount')).toHaveValue('')
    await choose(user, within(panel).getByLabelText('Bouquet'), 'GOtv Jinja · ₦3,900.00')
    await user.click(submit(panel, GET_CABLE_DETAILS))
    expect(await within(panel).findByTestId('bill-holder-name')).toHaveTextContent('Yemi Alade')
    await choose(user, within(panel).getByLabelText('From Account'), SAVINGS)
    await user.click(submit(panel, PROCEED))
    await confirmWithCode(user)
    expect(await screen.findByTestId('receipt-status')).toHaveTextContent('Completed')
    await waitFor(() => expect(historyRows()).toHaveLength(1))
    expect(historyRows()[0]).toHaveTextContent('Cable TV · GOtv')
    expect(historyRows()[0]).toHaveTextContent('7000000001')
  })

  async function fillAirtime(user: User, phone: string, amount = '200') {
    const panel = await openPanel(user, 'Buy Airtime')
    await pickNetwork(user, panel, 'GLO')
    await user.clear(within(panel).getByLabelText('Mobile Number'))
    await user.type(within(panel).getByLabelText('Mobile Number'), phone)
    await user.type(within(panel).getByLabelText('Amount'), amount)
    await choose(user, within(panel).getByLabelText('From Account'), SAVINGS)
    await user.click(submit(panel, PROCEED))
    return panel
  }

  it('code dialog: a wrong code keeps it open and clears the boxes; cancel closes it and pays nothing', async () => {
    const { user } = renderBills()
    await fillAirtime(user, '08031234501')
    const before = savingsBalance()
    let codeDialog = await dialog('OTP Verification')
    await typeCode(user, '000000', codeDialog)
    expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument()
    codeDialog = await dialog('OTP Verification')
    await waitFor(() => expect(within(codeDialog).getByLabelText('Character 1 of 6')).toHaveValue(''))
    await user.click(within(codeDialog).getByRole('button', { name: 'Cancel' }))
    await dialogClosed('OTP Verification')
    expect(savingsBalance()).toBe(before)
    // The panel is still open with its values.
    expect(queryDialog('Buy Airtime')).not.toBeNull()
  })

  it('a vend the biller refuses shows the reason, debits nothing and logs FAILED', async () => {
    const { user } = renderBills()
    const before = savingsBalance()
    await fillAirtime(user, '08099990002')
    await confirmWithCode(user)
    expect(await screen.findByText(FAILED_TITLE)).toBeInTheDocument()
    expect((await screen.findAllByText(VEND_FAILED)).length).toBeGreaterThan(0)
    expect(savingsBalance()).toBe(before)
    await waitFor(() => expect(historyRows()).toHaveLength(1))
    expect(historyRows()[0]).toHaveTextContent('Failed')
    expect(historyRows()[0].querySelector('.ant-tag-error, .ant-tag[class*="error"]')).not.toBeNull()
  })

  it('a pending vend shows Pending, then Successful once the history says so', async () => {
    pendingPolling.intervalMs = 1500
    const { user } = renderBills()
    await fillAirtime(user, '08099990003')
    await confirmWithCode(user)
    expect(await screen.findByText(PENDING_TITLE)).toBeInTheDocument()
    expect(screen.getByText('Checking with the biller…')).toBeInTheDocument()
    await dialogClosed('Buy Airtime')
    expect(await screen.findByText(SUCCESS_TITLE)).toBeInTheDocument()
    await waitFor(() => expect(historyRows()[0]).toHaveTextContent('Completed'))
  })

  it('a refused payment says why under the panel, with the way to Settings; closing the panel clears it', async () => {
    requireSelfie(customerOf(ada))
    const { user, store } = renderBills()
    const panel = await fillAirtime(user, '08031234501')
    const refusal = await within(panel).findByRole('alert')
    expect(refusal).toHaveTextContent("Please confirm it is you with a selfie before you send money: Settings, Security, Confirm it's you.")
    expect(within(refusal).getByRole('button', { name: 'Open Settings' })).toBeInTheDocument()
    expect(queryDialog('OTP Verification')).toBeNull()
    noToast(store)
    await user.keyboard('{Escape}')
    await dialogClosed('Buy Airtime')
    expect(within(await openPanel(user, 'Buy Airtime')).queryByRole('alert')).toBeNull()
  })

  it('the risk check: a step-up warns before the code and the confirm acknowledges it (docs/contract.md §16.1)', async () => {
    setOverride({ target: 'risk.check', choice: 'risk.check.step-up' })
    const bodies = requestBodies(/\/vend\/confirm$/)
    const { user } = renderBills()
    await fillAirtime(user, '08031234501')
    const warning = await dialog('Check before you send')
    expect(within(warning).getByText('This payment is unusual for your profile.')).toBeInTheDocument()
    await user.click(within(warning).getByRole('checkbox', { name: 'I understand, and no one asked me to send this money' }))
    await user.click(within(warning).getByRole('button', { name: 'Continue' }))
    await confirmWithCode(user)
    expect(await screen.findByTestId('receipt-status')).toHaveTextContent('Completed')
    expect(bodies).toEqual([expect.objectContaining({ otp: '123456', acknowledgeWarning: true })])
  })

  it('the risk check: a held bill has a calm result of its own and stays Pending in the history', async () => {
    setOverride({ target: 'risk.check', choice: 'risk.check.hold' })
    const { user } = renderBills()
    const before = savingsBalance()
    await fillAirtime(user, '08031234501')
    await confirmWithCode(user)
    expect(await screen.findByText(HELD_TITLE)).toBeInTheDocument()
    expect(screen.getByTestId('receipt-status')).toHaveTextContent('Held for review')
    expect(screen.getByText(/^This payment is waiting for a check by our team/)).toBeInTheDocument()
    expect(screen.queryByText('Checking with the biller…')).toBeNull()
    expect(savingsBalance()).toBe(before - 200)
    await waitFor(() => expect(historyRows()[0]).toHaveTextContent('Pending'))
  })

  it('a 401 on a bill action ends the session', async () => {
    server.use(http.post('/api/utility/providers/airtime/vend/confirm', () => problem(401, 'Your session has expired. Please log in again.', 'Unauthorized')))
    const { user, router, store } = renderBills()
    await fillAirtime(user, '08031234501')
    await confirmWithCode(user)
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(store.getState().app.userInfo).toBeNull()
  })
})

describe('Bills Payment: Report a problem', () => {
  const REPORT_TITLE = 'Report a problem with this payment'

  async function disputesOfAda() {
    const response = await fetch(`${window.location.origin}/api/disputes`, { headers: { Authorization: `Bearer ${tokenFor(ada)}` } })
    return (await response.json()) as { paymentReference: string; reason: string; status: string }[]
  }

  it("a successful bill's result offers it, linked to the bill's reference", async () => {
    const { user } = renderBills()
    const panel = await openPanel(user, 'Buy Airtime')
    await pickNetwork(user, panel, 'MTN')
    await user.type(within(panel).getByLabelText('Amount'), '500')
    await choose(user, within(panel).getByLabelText('From Account'), SAVINGS)
    await user.click(submit(panel, PROCEED))
    await typeCode(user, '123456', await dialog('OTP Verification'))
    const receipt = await screen.findByTestId('receipt')
    const reference = within(receipt).getByTestId('receipt-reference').textContent!
    await user.click(within(receipt).getByTestId('report-problem'))
    const form = await dialog(REPORT_TITLE)
    expect(form).toHaveTextContent('₦500.00 for MTN airtime, 08031234501')
    expect(within(form).getByLabelText('I was debited but it failed')).not.toBeChecked()
    await user.click(within(form).getByLabelText('Wrong amount'))
    await user.click(within(form).getByRole('button', { name: 'Send report' }))
    const done = await screen.findByTestId('report-done')
    expect(within(done).getByTestId('tracking-number')).toHaveTextContent(/^KOBO-DSP-\d{6}-[A-Z2-9]{6}$/)
    expect(within(done).getByTestId('dispute-status')).toHaveTextContent('Received')
    expect(done).toHaveTextContent(/We will answer by \d{2}-\d{2}-\d{4} \d{2}:\d{2} WAT/)
    expect(await disputesOfAda()).toEqual([expect.objectContaining({ paymentReference: reference, reason: 'WRONG_AMOUNT', status: 'RECEIVED' })])
  })

  it('a failed bill\'s result starts on "I was debited but it failed", answered at once', async () => {
    const { user } = renderBills()
    const panel = await openPanel(user, 'Buy Airtime')
    await pickNetwork(user, panel, 'GLO')
    await user.clear(within(panel).getByLabelText('Mobile Number'))
    await user.type(within(panel).getByLabelText('Mobile Number'), '08099990002')
    await user.type(within(panel).getByLabelText('Amount'), '200')
    await choose(user, within(panel).getByLabelText('From Account'), SAVINGS)
    await user.click(submit(panel, PROCEED))
    await confirmWithCode(user)
    const receipt = await screen.findByTestId('receipt')
    expect(within(receipt).getByText(FAILED_TITLE, { selector: '.ant-result-title' })).toBeInTheDocument()
    const reference = within(receipt).getByTestId('receipt-reference').textContent!
    await user.click(within(receipt).getByTestId('report-problem'))
    const form = await dialog(REPORT_TITLE)
    expect(within(form).getByLabelText('I was debited but it failed')).toBeChecked()
    expect(form).toHaveTextContent('₦200.00 · Airtime')
    await user.click(within(form).getByRole('button', { name: 'Send report' }))
    const done = await screen.findByTestId('report-done')
    expect(done).toHaveTextContent(/Your money was not taken: the ₦200\.00 hold was released on \d{2}-\d{2}-\d{4} \d{2}:\d{2} WAT\./)
    expect(within(done).getByTestId('dispute-status')).toHaveTextContent('Answered')
    expect((await disputesOfAda())[0]).toMatchObject({ paymentReference: reference, reason: 'DEBITED_BUT_FAILED', status: 'ANSWERED' })
  })

  it("a Pending bill's details: the biller is asked first and the answer is its result, shown on the details", async () => {
    seedMockBills('ada', [bill({ id: 'p1', reference: 'REF-PENDING', amount: 200, vendingStatus: 'PENDING', message: 'Pending' })])
    const { user } = renderBills()
    await waitFor(() => expect(historyRows()).toHaveLength(1))
    await user.click(within(historyRows()[0]).getByRole('button', { name: /View/ }))
    const details = await dialog(DETAILS_TITLE)
    expect(within(details).queryByTestId('linked-dispute')).not.toBeInTheDocument()
    await user.click(within(details).getByTestId('report-problem'))
    const form = await dialog(REPORT_TITLE)
    expect(form).toHaveTextContent('₦200.00 for MTN airtime, 08031234501')
    expect(within(form).getByLabelText('I was debited but it failed')).toBeChecked()
    await user.click(within(form).getByRole('button', { name: 'Send report' }))
    const done = await screen.findByTestId('report-done')
    expect(done).toHaveTextContent(
      /This payment did not fail: ₦200\.00 was paid to MTN airtime, 08031234501 on \d{2}-\d{2}-\d{4} \d{2}:\d{2} WAT\. If the recipient has not received it, report "The recipient has not received it"\./,
    )
    await user.click(within(done).getByRole('button', { name: 'Done' }))
    const linked = await within(details).findByTestId('linked-dispute')
    expect(within(linked).getByTestId('dispute-status')).toHaveTextContent('Answered')
    expect((await disputesOfAda())[0]).toMatchObject({ paymentReference: 'REF-PENDING', status: 'ANSWERED' })
  })
})

describe('Bills Payment: failed loads', () => {
  // Answered by an override rather than seeded: seeds stay in the mock for the rest of the file.
  const twoBills = () => server.use(http.get(LOGS_PATH, () => HttpResponse.json([bill({ id: 'f1' }), bill({ id: 'f2' })])))

  it('a 500 on the history shows the reason and a Retry, not "No records to display"; Retry lists the bills', async () => {
    failWithProblem(LOGS_PATH, 'The biller service is unavailable')
    const { user } = renderBills()
    const retry = await expectFailure('The biller service is unavailable')
    expect(screen.getByText(HISTORY_FAILED)).toBeInTheDocument()
    expect(screen.queryByText(NO_RECORDS)).not.toBeInTheDocument()
    restoreHandlers()
    twoBills()
    await user.click(retry)
    await waitFor(() => expect(historyRows()).toHaveLength(2))
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument()
  })

  it('a network failure on the history says so, and Retry lists the bills', async () => {
    failWithNetworkError(LOGS_PATH)
    const { user } = renderBills()
    const retry = await expectFailure(NETWORK_FAILURE)
    restoreHandlers()
    twoBills()
    await user.click(retry)
    await waitFor(() => expect(historyRows()).toHaveLength(2))
  })

  it('a failed catalogue is a banner over the tiles; Retry loads the networks', async () => {
    failWithProblem(AIRTIME_PROVIDERS_PATH, 'The biller service is unavailable')
    const { user } = renderBills()
    const retry = await expectFailure('The biller service is unavailable')
    expect(screen.getByText(CATALOG_FAILED)).toBeInTheDocument()
    restoreHandlers()
    await user.click(retry)
    await waitFor(() => expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument())
    const panel = await openPanel(user, 'Buy Airtime')
    await pickNetwork(user, panel, 'MTN')
  })

  it('a network failure on the catalogue says so', async () => {
    failWithNetworkError(AIRTIME_PROVIDERS_PATH)
    renderBills()
    await expectFailure(NETWORK_FAILURE)
  })

  it('the accounts to pay from: a failure is said under the field, with a Retry, and offers none', async () => {
    failWithProblem('/api/utility/source-accounts', 'The accounts service is unavailable')
    const { user } = renderBills()
    const panel = await openPanel(user, 'Buy Airtime')
    const failed = await within(panel).findByTestId('field-load-failed')
    expect(failed).toHaveTextContent('The accounts service is unavailable')
    expect(within(failed).getByRole('button', { name: 'Retry' })).toBeInTheDocument()
    expect(document.querySelector('.ant-notification-notice')).toBeNull()
    await user.click(within(panel).getByLabelText('From Account'))
    expect(await screen.findByText('No options found')).toBeInTheDocument()
    expect(screen.queryByText(SAVINGS)).not.toBeInTheDocument()
  })

  it("a network's plans that fail to load say the fallback under the field; another network offers only its own plans", async () => {
    server.use(http.get('/api/utility/providers/databundle/GLO-DATA/bundles', () => new HttpResponse(null, { status: 500 })))
    const { user } = renderBills()
    const panel = await openPanel(user, 'Data & Internet')
    await choose(user, within(panel).getByLabelText('Network'), 'GLO Data')
    expect(await screen.findByText('An error occurred while fetching data')).toBeInTheDocument()
    await choose(user, within(panel).getByLabelText('Network'), 'MTN Data')
    await choose(user, within(panel).getByLabelText('Data Plan'), '2GB (30 days) · ₦1,500.00')
    expect(within(panel).getByLabelText('Amount')).toHaveValue('₦1,500.00')
    expect(screen.queryByText('3GB (30 days) · ₦1,500.00')).not.toBeInTheDocument()
  })

  it('no bills at all offers to buy airtime', async () => {
    server.use(http.get(LOGS_PATH, () => HttpResponse.json([])))
    const { user } = renderBills()
    const empty = await screen.findByTestId('load-empty')
    expect(empty).toHaveTextContent(NO_RECORDS)
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument()
    await user.click(within(empty).getByRole('button', { name: PAY_FIRST_BILL }))
    expect(await dialog('Buy Airtime')).toBeInTheDocument()
  })
})

describe('Bill payment history', () => {
  const seeded = Array.from({ length: 12 }, (_, i) =>
    bill({
      id: `h${i + 1}`,
      reference: `REF-${i + 1}`,
      dateCreated: `${String(i + 1).padStart(2, '0')}-10-2026 09:00:00`,
      amount: 100 * (i + 1),
      vendingStatus: i === 0 ? 'FAILED' : i === 1 ? 'PENDING' : i === 2 ? 'COMPLETED' : 'SUCCESS',
      phoneNumber: `0803000000${String(i).padStart(1, '0')}`.slice(0, 11),
    }),
  )
  const electricity = bill({
    id: 'e1',
    reference: 'REF-ELEC',
    dateCreated: '20-10-2026 12:30:00',
    utilityProductType: 'ELECTRICITY_BILL',
    amount: 5000,
    vender: 'IKEDC',
    utilityProviderTitle: 'Ikeja Electric',
    phoneNumber: null,
    electricityMeterNumber: '45000000001',
    electricityMeterOwner: 'Kemi Adeyinka',
    electricityMeterOwnerPhoneNumber: '08055500001',
    electricityMeterOwnerAddress: '4 Allen Avenue, Ikeja',
    electricityMeterType: 'PREPAID',
    vendingToken: '12345678901234567890',
    units: '23.86 kWh',
  })

  beforeEach(() => seedMockBills('ada', [...seeded, electricity]))

  it('pages, searches, filters and sorts', async () => {
    const { user } = renderBills()
    await waitFor(() => expect(historyRows()).toHaveLength(10))
    expect(screen.getByText('13 payments')).toBeInTheDocument()
    // Newest first: the electricity bill of 20-10 leads.
    expect(historyRows()[0]).toHaveTextContent('Electricity · Ikeja Electric')
    await user.click(screen.getByTitle('2'))
    await waitFor(() => expect(historyRows()).toHaveLength(3))
    expect(historyRows()[2]).toHaveTextContent('01-10-2026 09:00')

    await user.type(screen.getByLabelText('Search bill payments'), 'Kemi')
    await waitFor(() => expect(historyRows()).toHaveLength(1))
    await user.clear(screen.getByLabelText('Search bill payments'))
    await user.type(screen.getByLabelText('Search bill payments'), '1234567890123')
    await waitFor(() => expect(historyRows()).toHaveLength(1))
    await user.clear(screen.getByLabelText('Search bill payments'))

    await choose(user, 'Filter by status', 'Completed')
    // SUCCESS and COMPLETED are both Completed.
    await waitFor(() => expect(document.querySelector('.kobo-bill-count')).toHaveTextContent('11 payments'))
    await choose(user, 'Filter by status', 'Pending')
    await waitFor(() => expect(historyRows()).toHaveLength(1))
    expect(historyRows()[0]).toHaveTextContent('Pending')
    await choose(user, 'Filter by status', 'Failed')
    await waitFor(() => expect(historyRows()).toHaveLength(1))
    expect(historyRows()[0]).toHaveTextContent('₦100.00')
    await user.click(document.querySelector('.kobo-bill-filters .ant-select-clear') ?? screen.getByLabelText('Filter by status'))
    await choose(user, 'Filter by product', 'Electricity')
    await waitFor(() => expect(historyRows()).toHaveLength(1))
  })

  it('sorts by amount', async () => {
    const { user } = renderBills()
    await waitFor(() => expect(historyRows()).toHaveLength(10))
    await user.click(screen.getByText('Amount', { selector: '.ant-table-column-title' }))
    await waitFor(() => expect(historyRows()[0]).toHaveTextContent('₦100.00'))
    await user.click(screen.getByText('Amount', { selector: '.ant-table-column-title' }))
    await waitFor(() => expect(historyRows()[0]).toHaveTextContent('₦5,000.00'))
  })

  it('View opens Bill Payment Details with every field and the token; statuses are coloured', async () => {
    const { user } = renderBills()
    await waitFor(() => expect(historyRows()).toHaveLength(10))
    const statuses = historyRows().map((row) => row.querySelector('.kobo-bill-status')?.textContent)
    expect(statuses).toContain('Completed')
    expect(statuses).not.toContain('SUCCESS')
    expect(statuses).not.toContain('COMPLETED')

    await user.click(within(historyRows()[0]).getByRole('button', { name: /View/ }))
    const details = await dialog(DETAILS_TITLE)
    const text = details.textContent ?? ''
    for (const value of [
      '20-10-2026 12:30',
      'Electricity',
      'Ikeja Electric',
      'IKEDC',
      '₦5,000.00',
      'Completed',
      'REF-ELEC',
      '1020000115',
      '45000000001',
      'Prepaid',
      'Kemi Adeyinka',
      '08055500001',
      '4 Allen Avenue, Ikeja',
      '1234-5678-9012-3456-7890',
      '23.86 kWh',
      'Successful',
    ]) {
      expect(text).toContain(value)
    }
    await user.click(within(details.closest('.ant-modal') as HTMLElement).getAllByRole('button', { name: 'Close' }).at(-1)!)
    await dialogClosed(DETAILS_TITLE)
  })
})
