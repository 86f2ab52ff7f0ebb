/**
 * The first view index.html's first script paints (firstPaint.ts, issue 43): the same markup
 * as the React first view it replaced, the same texts as antd's page, and nothing that is not
 * true (no session, a failed answer, a page without a first view).
 */
import { render, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import BankOutlined from '@ant-design/icons/BankOutlined'
import DownOutlined from '@ant-design/icons/DownOutlined'
import EyeOutlined from '@ant-design/icons/EyeOutlined'
import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined'
import MenuOutlined from '@ant-design/icons/MenuOutlined'
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined'
import PlusOutlined from '@ant-design/icons/PlusOutlined'
import UserOutlined from '@ant-design/icons/UserOutlined'
import type { ReactNode } from 'react'
import { server } from './mocks/server'
import { sessionFor, renderWithProviders, setWindowWidth, signedInState } from './test/renderWithProviders'
import { USER_INFO_KEY } from './app/sessionStorage'
import { Logo } from './components/Logo'
import { AccountCardStack, BADGE_MAX_CHARS, type EyeButton } from './features/dashboard/components/AccountCardStack'
import { DASHBOARD_SUBHEADING, MY_ACCOUNTS, NO_ACCOUNTS, welcome } from './features/dashboard/texts'
import { TRANSFER_HEADING, TRANSFER_PAGE_SUBTITLE } from './features/transfers/texts'
import { CARD_STYLES as APP_CARD_STYLES } from './components/accounts/accountStyles'
import { HIDDEN_AMOUNT } from './lib/format'
import { DISABLED_BADGE } from './store/accounts/texts'
import { DESKTOP_QUERY as APP_DESKTOP_QUERY, MOBILE_QUERY as APP_MOBILE_QUERY } from './lib/useIsMobile'
import type { Account, ClientSummary } from './api/types'
import { dropEarlyAnswers } from './api/earlyAnswers'
import { APP_MAX_WAIT_MS, startApp, startFirstScreen } from './earlyFetch'
import { BADGE_MAX_CHARS as COPY_BADGE_MAX_CHARS, CARD_STYLES, DESKTOP_QUERY, MOBILE_QUERY, TEXTS } from './firstPaint'

const account = (overrides: Partial<Account>): Account =>
  ({
    accountNumber: '1020000001',
    accountName: 'Ada Okafor',
    accountTypeName: 'Savings Account',
    availableBalance: 1234.5,
    currentBalance: 1234.5,
    status: 'ACTIVE',
    ...overrides,
  }) as Account

const ACCOUNTS: Account[] = [
  account({}),
  // Longer than the badge's 20 characters, and disabled.
  account({ accountNumber: '1020000002', accountTypeName: 'Premium Kids Savings Account', status: 'DISABLED' }),
  // The customer's data is only ever text.
  account({ accountNumber: '1020000003', accountTypeName: 'Current Account', accountName: '<img src=x onerror="window.pwned=1">' }),
]

const summaryWith = (accounts: Account[]) =>
  ({
    accounts,
    totalCurrentBalance: 0,
    totalAvailableBalance: 0,
    totalSavings: 0,
    weeklyTransactionSummary: { failedTransactions: 0, pendingTransactions: 0, completedTransactions: 0, inwards: 0, outwards: 0 },
    recentTransactions: [],
    scheduledPayments: [],
  }) as ClientSummary

/** The summary answer the next early request gets. */
function answerSummary(answer: () => Response) {
  const asked = vi.fn()
  server.use(
    http.get('/api/client-summary', ({ request }) => {
      asked(request.headers.get('Authorization'))
      return answer()
    }),
  )
  return asked
}

function saveSession() {
  const session = sessionFor('ada')
  window.localStorage.setItem(USER_INFO_KEY, JSON.stringify(session))
  return session
}

/** index.html's first script, run at `path`; resolves once the view has painted all it will. */
async function firstScript(path: string) {
  startFirstScreen(path)
  await window.koboFirstView?.painted
  return window.koboFirstView?.element ?? null
}

/*
 * The React first view the painter replaced (app/FirstView.tsx, HomeFirstView,
 * FirstViewParts before issue 43), kept here as the markup to match: built from the app's
 * own Logo, icons, texts and AccountCardStack, so that a change to any of them fails here
 * until firstPaint.ts follows.
 */
const Button = ({ look, icon }: { look: string; icon: ReactNode }) => (
  <span className={`kobo-plain-button kobo-plain-button--${look}`} aria-hidden="true">
    {icon}
  </span>
)
const EyePicture: EyeButton = () => <Button look="small" icon={<EyeOutlined />} />
const Head = ({ title, subtitle }: { title: string; subtitle: string }) => (
  <div className="kobo-plain-head">
    <h1 className="kobo-plain-head__title">{title}</h1>
    <span className="kobo-plain-head__subtitle">{subtitle}</span>
  </div>
)

function ReactFirstView({ width, page, summary }: { width: number; page: '/home' | '/transfer'; summary: ClientSummary | null }) {
  const isMobile = width <= 767.98
  const collapsed = width < 992
  return (
    <div className="kobo-plain-shell" inert aria-busy="true">
      {!isMobile && (
        <div className={`kobo-plain-shell__sider${collapsed ? ' kobo-plain-shell__sider--collapsed' : ''}`}>
          <div className="kobo-plain-shell__brand">
            <Logo light markOnly={collapsed} />
          </div>
        </div>
      )}
      <div className="kobo-plain-shell__main">
        <div className="kobo-plain-shell__header">
          <div className="kobo-plain-shell__header-side">
            {isMobile ? (
              <>
                <Button look="text" icon={<MenuOutlined />} />
                <Logo size={28} />
              </>
            ) : (
              <Button look="text" icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} />
            )}
          </div>
          <div className="kobo-plain-shell__header-side">
            {!isMobile && (
              <span className="kobo-plain-shell__secure">
                <BankOutlined /> Personal Banking
              </span>
            )}
            <span className="kobo-plain-shell__user">
              <span className="kobo-plain-shell__avatar">
                <UserOutlined />
              </span>
              {!isMobile && <span className="kobo-plain-shell__name">Ada Okafor</span>}
              <DownOutlined className="kobo-plain-shell__down" />
            </span>
          </div>
        </div>
        <div className="kobo-plain-shell__content">
          {page === '/transfer' ? (
            <Head title={TRANSFER_HEADING} subtitle={TRANSFER_PAGE_SUBTITLE} />
          ) : (
            <>
              <Head title={welcome('Ada')} subtitle={DASHBOARD_SUBHEADING} />
              {summary && (
                <div className="kobo-plain-row">
                  <div className="kobo-plain-row__col kobo-plain-row__col--lg-14">
                    <div className="kobo-plain-card">
                      <div className="kobo-plain-card__head">
                        <div className="kobo-plain-card__title">{MY_ACCOUNTS}</div>
                        <div className="kobo-plain-card__extra">
                          <Button look="primary" icon={<PlusOutlined />} />
                        </div>
                      </div>
                      <div className="kobo-plain-card__body">
                        {summary.accounts.length > 0 ? (
                          <AccountCardStack accounts={summary.accounts} Eye={EyePicture} />
                        ) : (
                          <span className="kobo-plain-head__subtitle">{NO_ACCOUNTS}</span>
                        )}
                      </div>
                    </div>
                  </div>
                </div>
              )}
            </>
          )}
        </div>
      </div>
    </div>
  )
}

/** A node as a comparable value: tag, attributes (in any order), children; text merged. */
function shape(node: Node): unknown {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent
  const element = node as Element
  const attributes = Object.fromEntries([...element.attributes].map(({ name, value }) => [name, value]).sort())
  return { tag: element.tagName.toLowerCase(), attributes, children: [...element.childNodes].map(shape) }
}

function shapeOf(element: Element): unknown {
  const copy = element.cloneNode(true) as Element
  copy.normalize()
  copy.removeAttribute('id')
  return shape(copy)
}

function reactShape(width: number, page: '/home' | '/transfer', summary: ClientSummary | null) {
  const { container, unmount } = render(<ReactFirstView width={width} page={page} summary={summary} />)
  const result = shapeOf(container.firstElementChild!)
  unmount()
  return result
}

afterEach(() => {
  window.koboFirstView?.element.remove()
  delete window.koboFirstView
  delete window.koboEarlyFetches
  dropEarlyAnswers()
  vi.unstubAllEnvs()
})

describe("the first view painted by index.html's first script (issue 43)", () => {
  it("copies the app's texts, card colours and breakpoints", () => {
    expect(TEXTS.welcome + 'Ada').toBe(welcome('Ada'))
    expect(TEXTS.welcome).toBe(welcome(undefined))
    expect(TEXTS).toMatchObject({
      dashboardSubheading: DASHBOARD_SUBHEADING,
      myAccounts: MY_ACCOUNTS,
      noAccounts: NO_ACCOUNTS,
      transferHeading: TRANSFER_HEADING,
      transferSubtitle: TRANSFER_PAGE_SUBTITLE,
      hiddenAmount: HIDDEN_AMOUNT,
      disabledBadge: DISABLED_BADGE,
    })
    expect(CARD_STYLES).toEqual(APP_CARD_STYLES)
    expect(COPY_BADGE_MAX_CHARS).toBe(BADGE_MAX_CHARS)
    expect([MOBILE_QUERY, DESKTOP_QUERY]).toEqual([APP_MOBILE_QUERY, APP_DESKTOP_QUERY])
  })

  for (const width of [1280, 800, 390]) {
    it(`paints /home exactly as the React first view did, ${width} px wide`, async () => {
      setWindowWidth(width)
      const session = saveSession()
      const asked = answerSummary(() => HttpResponse.json(summaryWith(ACCOUNTS)))
      const view = await firstScript('/home')
      expect(asked).toHaveBeenCalledWith(`Bearer ${session.tokenDTO!.accessToken}`)
      expect(shapeOf(view!)).toEqual(reactShape(width, '/home', summaryWith(ACCOUNTS)))
    })
  }

  it('paints /home with no accounts, and /transfer’s heading, as the React first view did', async () => {
    saveSession()
    answerSummary(() => HttpResponse.json(summaryWith([])))
    expect(shapeOf((await firstScript('/home'))!)).toEqual(reactShape(1024, '/home', summaryWith([])))
    window.koboFirstView!.element.remove()

    setWindowWidth(390)
    expect(shapeOf((await firstScript('/transfer/'))!)).toEqual(reactShape(390, '/transfer', null))
  })

  it('shows the same texts as antd’s page for the same summary', async () => {
    saveSession()
    answerSummary(() => HttpResponse.json(summaryWith(ACCOUNTS)))
    const painted = (await firstScript('/home'))!
    const cardsOf = (root: ParentNode) =>
      [...root.querySelectorAll('[data-testid="account-card"]')].map((card) => ({
        label: card.getAttribute('aria-label'),
        number: card.getAttribute('data-account-number'),
        text: card.textContent,
        style: card.getAttribute('style'),
      }))
    const paintedCards = cardsOf(painted)
    const paintedHeading = painted.querySelector('h1')!.textContent
    const paintedTitle = painted.querySelector('.kobo-plain-card__title')!.textContent
    painted.remove()

    renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })
    const stack = await screen.findByRole('group', { name: 'Your accounts' })
    expect(paintedHeading).toBe(heading.textContent)
    expect(paintedTitle).toBe(document.querySelector('.ant-card-head-title')!.textContent)
    expect(paintedCards).toEqual(cardsOf(stack))
    expect(paintedCards.map(({ text }) => text)).toEqual([
      'Savings Account' + 'Available Balance' + '₦******' + '1020000001' + 'Ada Okafor',
      'Premium Kids Savings…' + 'Disabled' + 'Available Balance' + '₦******' + '1020000002' + 'Ada Okafor',
      'Current Account' + 'Available Balance' + '₦******' + '1020000003' + '<img src=x onerror="window.pwned=1">',
    ])
    expect(within(stack).getAllByTestId('account-balance')[0]).toHaveTextContent('₦******')
  })

  it('is inert, busy, a sibling of #root and shows the customer’s data only as text', async () => {
    const root = document.body.appendChild(document.createElement('div'))
    root.id = 'root'
    try {
      saveSession()
      answerSummary(() => HttpResponse.json(summaryWith(ACCOUNTS)))
      const view = (await firstScript('/home'))!
      expect(view.nextElementSibling).toBe(root)
      expect(view.hasAttribute('inert')).toBe(true)
      expect(view.getAttribute('aria-busy')).toBe('true')
      expect(view.querySelector('img')).toBeNull()
      expect((window as { pwned?: number }).pwned).toBeUndefined()
    } finally {
      root.remove()
    }
  })

  it('paints nothing and asks nothing without a saved session, or on a page without a first view', async () => {
    const asked = answerSummary(() => HttpResponse.json(summaryWith(ACCOUNTS)))
    expect(await firstScript('/home')).toBeNull()
    window.localStorage.setItem(USER_INFO_KEY, '{not json')
    expect(await firstScript('/home')).toBeNull()
    window.localStorage.setItem(USER_INFO_KEY, JSON.stringify({ firstName: 'Ada', tokenDTO: {} }))
    expect(await firstScript('/home')).toBeNull()
    saveSession()
    expect(await firstScript('/transaction-history')).toBeNull()
    expect(await firstScript('/')).toBeNull()
    expect(asked).not.toHaveBeenCalled()
    expect(document.querySelector('.kobo-plain-shell')).toBeNull()
  })

  for (const [name, answer, appSees] of [
    ['a 401', () => HttpResponse.json({ status: 401, detail: 'Session expired' }, { status: 401 }), 401],
    ['a 500', () => HttpResponse.json({ status: 500, code: 'INTERNAL', detail: 'Boom' }, { status: 500 }), 500],
    ['no network', () => HttpResponse.error(), 'failed'],
    ['a body that is not JSON', () => new HttpResponse('<html>', { status: 200, headers: { 'Content-Type': 'text/html' } }), 200],
  ] as const) {
    it(`paints the frame and the heading only, on ${name}`, async () => {
      saveSession()
      answerSummary(answer)
      const view = (await firstScript('/home'))!
      expect(view.querySelector('h1')!.textContent).toBe('Welcome Ada')
      expect(view.querySelector('.kobo-plain-card')).toBeNull()
      expect(view.textContent).not.toMatch(/401|500|INTERNAL|Boom|Session expired/)
      // The app's own read still gets the answer, untouched by the painter's copy.
      const answered = await window.koboEarlyFetches![0].response.then(
        (response) => response.text().then(() => response.status),
        () => 'failed',
      )
      expect(answered).toBe(appSees)
    })
  }

  it('leaves the answer for the app to read', async () => {
    saveSession()
    answerSummary(() => HttpResponse.json(summaryWith(ACCOUNTS)))
    await firstScript('/home')
    const response = await window.koboEarlyFetches![0].response
    expect((await response.json()).accounts).toHaveLength(3)
  })

  it('paints no cards once the real page has replaced the view', async () => {
    saveSession()
    let answer: (response: Response) => void = () => undefined
    const asked = answerSummary(() => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response)
    startFirstScreen('/home')
    const view = window.koboFirstView!.element
    expect(view.querySelector('h1')!.textContent).toBe('Welcome Ada')
    await waitFor(() => expect(asked).toHaveBeenCalled())
    view.remove()
    answer(HttpResponse.json(summaryWith(ACCOUNTS)))
    await window.koboFirstView!.painted
    expect(view.querySelector('.kobo-plain-card')).toBeNull()
  })

  it('in mock mode paints the frame and the heading, and asks nothing (MSW is not running yet)', async () => {
    vi.stubEnv('VITE_MSW', 'true')
    saveSession()
    const asked = answerSummary(() => HttpResponse.json(summaryWith(ACCOUNTS)))
    const view = (await firstScript('/home'))!
    expect(view.querySelector('h1')!.textContent).toBe('Welcome Ada')
    expect(view.querySelector('.kobo-plain-card')).toBeNull()
    expect(asked).not.toHaveBeenCalled()
  })
})

describe('the app’s start-up bundle, run by the first script once the view has painted (issue 43)', () => {
  it('runs at once where there is no first view, and never without a build’s `data-app`', () => {
    const load = vi.fn(() => Promise.resolve())
    startApp('/assets/index-1.js', undefined, load)
    expect(load).toHaveBeenCalledWith('/assets/index-1.js')
    load.mockClear()
    startApp(undefined, undefined, load)
    expect(load).not.toHaveBeenCalled()
  })

  it('waits for the view to paint, at most APP_MAX_WAIT_MS, and runs once', async () => {
    vi.useFakeTimers()
    const load = vi.fn(() => Promise.resolve())
    let painted: () => void = () => undefined
    startApp('/assets/index-1.js', new Promise<void>((done) => (painted = done)), load)
    expect(load).not.toHaveBeenCalled()
    painted()
    await vi.advanceTimersByTimeAsync(0)
    expect(load).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(APP_MAX_WAIT_MS)
    expect(load).toHaveBeenCalledTimes(1)

    load.mockClear()
    startApp('/assets/index-1.js', new Promise<void>(() => undefined), load)
    await vi.advanceTimersByTimeAsync(APP_MAX_WAIT_MS - 1)
    expect(load).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('takes the painted view away if the app’s code cannot be had', async () => {
    saveSession()
    answerSummary(() => HttpResponse.json(summaryWith(ACCOUNTS)))
    const view = (await firstScript('/home'))!
    startApp('/assets/index-1.js', window.koboFirstView!.painted, () => Promise.reject(new Error('offline')))
    await waitFor(() => expect(view.isConnected).toBe(false))
  })
})
