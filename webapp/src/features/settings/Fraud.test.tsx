/**
 * Settings and payment fraud (docs/contract.md §16): Security's instant-transfer switch (off at
 * once with no code, on with the code; its loading and failed states) and a raised limit that
 * waits out its cooling-off.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { expectFailure, failWithProblem, restoreHandlers } from '../../test/loadFailures'
import { dialog, dialogClosed, setUpMoneyTests, typeCode } from '../transfers/testUtils'

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })

const INSTANT = '/api/ibanking/personal/instant-transfers'
const LIMITS = '/api/ibanking/personal/transaction-limits'
const OFF_NOW =
  'Instant transfers are off. No transfer can leave your accounts for someone else until you switch them back on. Money sent to you still arrives.'

const renderSettings = (route = '/settings') => renderWithProviders({ route, preloadedState: signedInState('ada') })
const instantCard = () => screen.findByTestId('instant-transfers-card')
const button = (text: string, root: HTMLElement = document.body) => within(root).getByText(text, { selector: 'button span' }).closest('button')!

/** Every call to the switch's routes, as `METHOD path body`. */
function switchCalls() {
  const calls: string[] = []
  const record = ({ request }: { request: Request }) => {
    const { pathname } = new URL(request.url)
    if (request.method === 'POST' && pathname.startsWith(INSTANT)) void request.clone().text().then((body) => calls.push(`${pathname.slice(INSTANT.length)} ${body}`))
  }
  server.events.on('request:start', record)
  onTestFinished(() => server.events.removeListener('request:start', record))
  return calls
}

describe('Settings › Security: instant transfers', () => {
  it('sits beside the freeze under a Security heading, on, with its message', async () => {
    renderSettings()
    const card = await instantCard()
    const security = screen.getByRole('region', { name: 'Security' })
    expect(within(security).getByTestId('freeze-card')).toBeInTheDocument()
    expect(security).toContainElement(card)
    const toggle = await within(card).findByRole('switch', { name: 'Instant transfers' })
    expect(toggle).toBeChecked()
    expect(within(card).getByTestId('instant-transfers-message')).toHaveTextContent(/^Instant transfers are on\./)
  })

  /** Settings opened, the switch pressed: its confirmation answered with `answer`. */
  async function pressSwitch(answer: 'Switch off' | 'Keep on') {
    const view = renderSettings()
    const card = await instantCard()
    await view.user.click(await within(card).findByRole('switch', { name: 'Instant transfers' }))
    await view.user.click(await screen.findByText(answer, { selector: '.ant-popconfirm-buttons button span' }))
    return card
  }

  it('switches off with one confirmation and no code', async () => {
    const calls = switchCalls()
    const card = await pressSwitch('Switch off')
    await waitFor(() => expect(within(card).getByRole('switch', { name: 'Instant transfers' })).not.toBeChecked())
    expect(within(card).getByTestId('instant-transfers-message')).toHaveTextContent(OFF_NOW)
    expect(within(card).getByText(/^Off since \d{2}-\d{2}-\d{4} \d{2}:\d{2} WAT$/)).toBeInTheDocument()
    expect(calls).toEqual(['/off '])
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('"Keep on" leaves it on and sends nothing', async () => {
    const calls = switchCalls()
    const card = await pressSwitch('Keep on')
    expect(within(card).getByRole('switch', { name: 'Instant transfers' })).toBeChecked()
    expect(calls).toEqual([])
  })

  it('switches back on with the code, in the code dialog; a wrong code keeps it off', async () => {
    await fetch(`${window.location.origin}${INSTANT}/off`, { method: 'POST', headers: { Authorization: 'Bearer mock-token.ada' } })
    const calls = switchCalls()
    const { user } = renderSettings()
    const card = await instantCard()
    const toggle = await within(card).findByRole('switch', { name: 'Instant transfers' })
    await waitFor(() => expect(toggle).not.toBeChecked())
    await user.click(toggle)

    const code = await dialog('Switch instant transfers on')
    expect(within(code).getByText('Enter the OTP sent to your registered email & phone number')).toBeInTheDocument()
    await typeCode(user, '000000', code)
    expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument()
    expect(within(card).getByRole('switch', { name: 'Instant transfers' })).not.toBeChecked()
    await waitFor(() => expect(within(code).getByLabelText('Character 1 of 6')).toHaveValue(''))
    await typeCode(user, '123456', code)

    await dialogClosed('Switch instant transfers on')
    await waitFor(() => expect(within(card).getByRole('switch', { name: 'Instant transfers' })).toBeChecked())
    expect(within(card).getByTestId('instant-transfers-message')).toHaveTextContent('Instant transfers are on again.')
    expect(calls).toEqual(['/on {}', '/on {"otp":"000000"}', '/on {"otp":"123456"}'])
  })

  it('a failed read says so with Retry (never a toast), and Retry shows the switch', async () => {
    failWithProblem(INSTANT, 'Core banking is unavailable')
    const { user } = renderSettings()
    const card = await instantCard()
    const retry = await expectFailure('Core banking is unavailable')
    expect(within(card).getByText('We could not check your instant transfers')).toBeInTheDocument()
    expect(within(card).queryByRole('switch')).toBeNull()
    expect(document.querySelector('.ant-notification-notice')).toBeNull()
    restoreHandlers()
    await user.click(retry)
    expect(await within(card).findByRole('switch', { name: 'Instant transfers' })).toBeChecked()
  })

  it('shows a skeleton while the state is on its way', async () => {
    let answer: () => void = () => {}
    server.use(http.get(INSTANT, () => new Promise<Response>((resolve) => (answer = () => resolve(HttpResponse.json({ enabled: true, switchedOffAt: null, message: 'On' }))))))
    renderSettings()
    const card = await instantCard()
    await waitFor(() => expect(card.querySelector('.ant-skeleton')).not.toBeNull())
    answer()
    expect(await within(card).findByRole('switch', { name: 'Instant transfers' })).toBeChecked()
  })

  it('/settings#security brings the section into view', async () => {
    const scrolled = vi.fn()
    Element.prototype.scrollIntoView = scrolled
    onTestFinished(() => {
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView
    })
    renderSettings('/settings#security')
    await instantCard()
    await waitFor(() => expect(scrolled).toHaveBeenCalled())
  })
})

describe('Transaction Limit: a raise waits (§16.4)', () => {
  /** A limit change through the API, code and all (the page's own steps are SettingsPage.test.tsx's). */
  async function setLimits(daily: number, single: number) {
    const headers = { 'Content-Type': 'application/json', Authorization: 'Bearer mock-token.ada' }
    const post = (path: string, body: unknown) => fetch(`${window.location.origin}${LIMITS}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }).then((r) => r.json())
    const started = await post('', { dailyTransactionLimit: daily, singleTransactionLimit: single, nuban: '1020000115', transferType: 'INTRA_BANK' })
    return (await post('/confirm', { nuban: '1020000115', transactionLimitUuid: started.transactionLimitUuid, otp: '123456' })) as { message: string }
  }

  it('a lower limit applies at once; a higher one says from when, and its card shows it meanwhile', async () => {
    expect((await setLimits(100_000, 20_000)).message).toBe('Transaction limit edited successfully')
    const { user } = renderSettings('/settings?tab=transaction-limit')
    await waitFor(() => expect(screen.getAllByTestId('limit-card')).toHaveLength(3))
    expect(screen.queryByTestId('limit-raise')).toBeNull()

    await user.click(screen.getByLabelText('Set Limit for Kobo to Kobo transfers'))
    const modal = await dialog('Set Limit')
    await user.clear(within(modal).getByLabelText('Daily Transfer Limit'))
    await user.type(within(modal).getByLabelText('Daily Transfer Limit'), '300000')
    await user.clear(within(modal).getByLabelText('Maximum amount per transaction'))
    await user.type(within(modal).getByLabelText('Maximum amount per transaction'), '50000')
    await user.click(button('Set Limit', modal))
    await typeCode(user, '123456', await dialog('OTP Verification'))
    expect(
      await screen.findByText(
        /^Transaction limit edited successfully\. The higher limit applies from \d{2}-\d{2}-\d{4} \d{2}:\d{2} WAT: a raise waits, so that nobody who gets into your profile can raise your limits and send at once\.$/,
      ),
    ).toBeInTheDocument()

    const [intra, other] = screen.getAllByTestId('limit-card')
    await waitFor(() =>
      expect(within(intra).getByTestId('limit-raise')).toHaveTextContent(
        /^From \d{2}-\d{2}-\d{4} \d{2}:\d{2} WAT these limits rise to ₦300,000\.00 a day and ₦50,000\.00 per transaction\.$/,
      ),
    )
    // Meanwhile the lower figures apply.
    expect(within(intra).getByTestId('daily-limit')).toHaveTextContent('₦100,000.00')
    expect(within(intra).getByTestId('single-limit')).toHaveTextContent('₦20,000.00')
    expect(within(other).queryByTestId('limit-raise')).toBeNull()
  })
})
