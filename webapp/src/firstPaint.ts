/**
 * The first view of a signed-in /home or /transfer opened by address (issues 23 and 43),
 * painted as plain DOM by index.html's first script (src/earlyFetch.ts), before any of the
 * app's code has arrived: the shell's frame (sidebar, header, user menu) and the page heading
 * at once, and on /home the "My Accounts" card with the account cards once the early summary
 * answers. It is the only renderer of the first view. The markup and classes are those of the
 * antd page it stands in for (components/firstView/firstView.css, the dashboard's
 * AccountCardStack), and that CSS is in the render-blocking stylesheet (app/paintedFirstView.ts imports it),
 * so antd's page later replaces it at the same size and place.
 *
 * It lives in a sibling of #root, which React does not own (React empties #root on its first
 * commit): start-up holds the page's code until the view has painted
 * (app/paintedFirstView.ts) and removes it in the commit that mounts the real page. It is
 * `inert` and `aria-busy`: its buttons are pictures. The customer's data lives only in this
 * DOM, which is gone before anyone can sign out.
 *
 * This file is part of the first script's one small file (vite.config.ts): it imports
 * nothing, so the texts, card colours and icons are copies; firstPaint.test.tsx checks each
 * against the app's own (texts.ts, accountStyles.ts, AccountCardStack, Logo, the icons).
 */

export interface PaintedFirstView {
  /** The painted view, a sibling of #root, until the real page replaces it. */
  element: HTMLElement
  /** Settles once the view has painted all it will (the cards, or the heading alone). */
  painted: Promise<void>
}

declare global {
  interface Window {
    /** The view this script painted, until start-up takes it over (app/paintedFirstView.ts). */
    koboFirstView?: PaintedFirstView
  }
}

/** The saved session's names (what the shell's user menu and /home's heading show). */
export interface SavedUser {
  firstName?: unknown
  lastName?: unknown
}

/** The parts of /api/client-summary's accounts the cards show. */
interface CardAccount {
  accountTypeName?: unknown
  accountNumber?: unknown
  accountName?: unknown
  status?: unknown
}

// Copies of the app's texts and constants (firstPaint.test.tsx compares them).
export const TEXTS = {
  welcome: 'Welcome ', // features/dashboard/texts.ts: welcome(firstName)
  dashboardSubheading: 'User Dashboard',
  myAccounts: 'My Accounts',
  noAccounts: 'You have no accounts yet.',
  transferHeading: 'Make A Transfer', // features/transfers/texts.ts
  transferSubtitle: 'Send money to anyone, at Kobo or any Nigerian bank',
  hiddenAmount: '₦******', // lib/format.ts: HIDDEN_AMOUNT
  disabledBadge: 'Disabled', // store/accounts/texts.ts: DISABLED_BADGE
  availableBalance: 'Available Balance',
  personalBanking: ' Personal Banking',
}
/** AccountCardStack's BADGE_MAX_CHARS and PEEK_PX. */
export const BADGE_MAX_CHARS = 20
export const PEEK_PX = 22
/** lib/useIsMobile.ts. */
export const MOBILE_QUERY = '(max-width: 767.98px)'
export const DESKTOP_QUERY = '(min-width: 992px)'

/** components/accounts/accountStyles.ts: CARD_STYLES, in the same order. */
const ring = (stroke: string) =>
  `url("data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns='http://www.w3.org/2000/svg' width='220' height='220' viewBox='0 0 220 220'><circle cx='190' cy='30' r='90' fill='none' stroke='${stroke}' stroke-width='26'/><circle cx='200' cy='200' r='60' fill='${stroke}'/></svg>`,
  )}")`
const white = ring('rgba(255,255,255,0.10)')
const gradient = (from: string, to: string) => `linear-gradient(135deg, ${from} 0%, ${to} 100%)`
export const CARD_STYLES = [
  { color: gradient('#0B6E4F', '#0E8A62'), textColor: '#FFFFFF', vector: white },
  { color: gradient('#1D3557', '#2F5D8A'), textColor: '#FFFFFF', vector: white },
  { color: gradient('#F2C94C', '#E5A823'), textColor: '#2B2100', vector: ring('rgba(255,255,255,0.25)') },
  { color: gradient('#5B2A86', '#8E4EC6'), textColor: '#FFFFFF', vector: white },
]

/** @ant-design/icons' outlined icons the first view shows: name and path data. */
const ICON_PATHS: Record<string, string[]> = {
  menu: [
    'M904 160H120c-4.4 0-8 3.6-8 8v64c0 4.4 3.6 8 8 8h784c4.4 0 8-3.6 8-8v-64c0-4.4-3.6-8-8-8zm0 624H120c-4.4 0-8 3.6-8 8v64c0 4.4 3.6 8 8 8h784c4.4 0 8-3.6 8-8v-64c0-4.4-3.6-8-8-8zm0-312H120c-4.4 0-8 3.6-8 8v64c0 4.4 3.6 8 8 8h784c4.4 0 8-3.6 8-8v-64c0-4.4-3.6-8-8-8z',
  ],
  'menu-fold': [
    'M408 442h480c4.4 0 8-3.6 8-8v-56c0-4.4-3.6-8-8-8H408c-4.4 0-8 3.6-8 8v56c0 4.4 3.6 8 8 8zm-8 204c0 4.4 3.6 8 8 8h480c4.4 0 8-3.6 8-8v-56c0-4.4-3.6-8-8-8H408c-4.4 0-8 3.6-8 8v56zm504-486H120c-4.4 0-8 3.6-8 8v56c0 4.4 3.6 8 8 8h784c4.4 0 8-3.6 8-8v-56c0-4.4-3.6-8-8-8zm0 632H120c-4.4 0-8 3.6-8 8v56c0 4.4 3.6 8 8 8h784c4.4 0 8-3.6 8-8v-56c0-4.4-3.6-8-8-8zM115.4 518.9L271.7 642c5.8 4.6 14.4.5 14.4-6.9V388.9c0-7.4-8.5-11.5-14.4-6.9L115.4 505.1a8.74 8.74 0 000 13.8z',
  ],
  'menu-unfold': [
    'M408 442h480c4.4 0 8-3.6 8-8v-56c0-4.4-3.6-8-8-8H408c-4.4 0-8 3.6-8 8v56c0 4.4 3.6 8 8 8zm-8 204c0 4.4 3.6 8 8 8h480c4.4 0 8-3.6 8-8v-56c0-4.4-3.6-8-8-8H408c-4.4 0-8 3.6-8 8v56zm504-486H120c-4.4 0-8 3.6-8 8v56c0 4.4 3.6 8 8 8h784c4.4 0 8-3.6 8-8v-56c0-4.4-3.6-8-8-8zm0 632H120c-4.4 0-8 3.6-8 8v56c0 4.4 3.6 8 8 8h784c4.4 0 8-3.6 8-8v-56c0-4.4-3.6-8-8-8zM142.4 642.1L298.7 519a8.84 8.84 0 000-13.9L142.4 381.9c-5.8-4.6-14.4-.5-14.4 6.9v246.3a8.9 8.9 0 0014.4 7z',
  ],
  bank: [
    'M894 462c30.9 0 43.8-39.7 18.7-58L530.8 126.2a31.81 31.81 0 00-37.6 0L111.3 404c-25.1 18.2-12.2 58 18.8 58H192v374h-72c-4.4 0-8 3.6-8 8v52c0 4.4 3.6 8 8 8h784c4.4 0 8-3.6 8-8v-52c0-4.4-3.6-8-8-8h-72V462h62zM512 196.7l271.1 197.2H240.9L512 196.7zM264 462h117v374H264V462zm189 0h117v374H453V462zm307 374H642V462h118v374z',
  ],
  user: [
    'M858.5 763.6a374 374 0 00-80.6-119.5 375.63 375.63 0 00-119.5-80.6c-.4-.2-.8-.3-1.2-.5C719.5 518 760 444.7 760 362c0-137-111-248-248-248S264 225 264 362c0 82.7 40.5 156 102.8 201.1-.4.2-.8.3-1.2.5-44.8 18.9-85 46-119.5 80.6a375.63 375.63 0 00-80.6 119.5A371.7 371.7 0 00136 901.8a8 8 0 008 8.2h60c4.4 0 7.9-3.5 8-7.8 2-77.2 33-149.5 87.8-204.3 56.7-56.7 132-87.9 212.2-87.9s155.5 31.2 212.2 87.9C779 752.7 810 825 812 902.2c.1 4.4 3.6 7.8 8 7.8h60a8 8 0 008-8.2c-1-47.8-10.9-94.3-29.5-138.2zM512 534c-45.9 0-89.1-17.9-121.6-50.4S340 407.9 340 362c0-45.9 17.9-89.1 50.4-121.6S466.1 190 512 190s89.1 17.9 121.6 50.4S684 316.1 684 362c0 45.9-17.9 89.1-50.4 121.6S557.9 534 512 534z',
  ],
  down: [
    'M884 256h-75c-5.1 0-9.9 2.5-12.9 6.6L512 654.2 227.9 262.6c-3-4.1-7.8-6.6-12.9-6.6h-75c-6.5 0-10.3 7.4-6.5 12.7l352.6 486.1c12.8 17.6 39 17.6 51.7 0l352.6-486.1c3.9-5.3.1-12.7-6.4-12.7z',
  ],
  eye: [
    'M942.2 486.2C847.4 286.5 704.1 186 512 186c-192.2 0-335.4 100.5-430.2 300.3a60.3 60.3 0 000 51.5C176.6 737.5 319.9 838 512 838c192.2 0 335.4-100.5 430.2-300.3 7.7-16.2 7.7-35 0-51.5zM512 766c-161.3 0-279.4-81.8-362.7-254C232.6 339.8 350.7 258 512 258c161.3 0 279.4 81.8 362.7 254C791.5 684.2 673.4 766 512 766zm-4-430c-97.2 0-176 78.8-176 176s78.8 176 176 176 176-78.8 176-176-78.8-176-176-176zm0 288c-61.9 0-112-50.1-112-112s50.1-112 112-112 112 50.1 112 112-50.1 112-112 112z',
  ],
  plus: ['M482 152h60q8 0 8 8v704q0 8-8 8h-60q-8 0-8-8V160q0-8 8-8z', 'M192 474h672q8 0 8 8v60q0 8-8 8H160q-8 0-8-8v-60q0-8 8-8z'],
}

type Child = Node | string | null | undefined | false
type Style = Record<string, string | number>
type Attrs = Record<string, string | number | boolean | Style | null | undefined>

const SVG_NS = 'http://www.w3.org/2000/svg'
/** The style properties this file sets that React writes without a unit. */
const UNITLESS = ['zIndex', 'lineHeight', 'fontWeight']

/**
 * An element as React would make it: attributes (`style` an object, set property by
 * property as React does, numbers in px except z-index), children as text nodes (never HTML:
 * the customer's data is only ever text).
 */
function h(tag: string, attrs: Attrs, ...children: Child[]): Element {
  const svg = tag === 'svg' || tag === 'path' || tag === 'rect' || tag === 'circle'
  const el = svg ? document.createElementNS(SVG_NS, tag) : document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) {
    if (name === 'style') {
      const style = (el as HTMLElement).style
      for (const [prop, v] of Object.entries(value as Style)) {
        const css = prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
        style.setProperty(css, typeof v === 'number' && !UNITLESS.includes(prop) ? `${v}px` : String(v))
      }
    } else if (value != null && value !== false) el.setAttribute(name, value === true ? '' : String(value))
  }
  for (const child of children) if (child != null && child !== false) el.append(child)
  return el
}

/** @ant-design/icons' `<Name />`, with an optional extra class. */
function icon(name: string, extraClass?: string): Element {
  return h(
    'span',
    { role: 'img', 'aria-label': name, class: `anticon anticon-${name}${extraClass ? ` ${extraClass}` : ''}` },
    h(
      'svg',
      { viewBox: '64 64 896 896', focusable: 'false', 'data-icon': name, width: '1em', height: '1em', fill: 'currentColor', 'aria-hidden': 'true' },
      ...ICON_PATHS[name].map((d) => h('path', { d })),
    ),
  )
}

/** components/firstView: an antd icon button's picture. */
const iconButton = (name: string, look: string) =>
  h('span', { class: `kobo-plain-button kobo-plain-button--${look}`, 'aria-hidden': 'true' }, icon(name))

/** components/Logo.tsx. */
function logo({ light = false, markOnly = false, size = 32 }: { light?: boolean; markOnly?: boolean; size?: number }): Element {
  const green = '#0B6E4F'
  return h(
    'span',
    { style: { display: 'inline-flex', alignItems: 'center', gap: 10 }, role: 'img', 'aria-label': 'Kobo' },
    h(
      'svg',
      { width: size, height: size, viewBox: '0 0 64 64', 'aria-hidden': 'true', focusable: 'false' },
      h('rect', { width: '64', height: '64', rx: '16', fill: light ? '#FFFFFF' : green }),
      h('path', { d: 'M20 16h8v13l12-13h10L36.5 30.5 51 48H40.5L28 32.5V48h-8z', fill: light ? green : '#FFFFFF' }),
      h('circle', { cx: '47', cy: '17', r: '4', fill: '#F2C94C' }),
    ),
    !markOnly &&
      h(
        'span',
        { style: { fontWeight: 700, fontSize: size * 0.68, letterSpacing: '-0.02em', color: light ? '#FFFFFF' : '#10231C', lineHeight: 1 } },
        'Kobo',
      ),
  )
}

/** React renders a string or a number; anything else as nothing. */
const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')

/** The page heading (`.kobo-page-head`'s stand-in). */
export function paintHeading(title: string, subtitle: string): Element {
  return h('div', { class: 'kobo-plain-head' }, h('h1', { class: 'kobo-plain-head__title' }, title), h('span', { class: 'kobo-plain-head__subtitle' }, subtitle))
}

/**
 * The dashboard's AccountCardStack as it first renders (every card in the answer's order,
 * every balance hidden), its front card's eye a picture of antd's button.
 */
export function paintAccountStack(accounts: CardAccount[]): Element[] {
  const total = accounts.length
  const decorated = accounts.map((account, index) => ({ ...account, ...CARD_STYLES[index % CARD_STYLES.length] }))
  const disabled = (account: CardAccount, className: string) => account.status === 'DISABLED' && h('span', { class: className }, TEXTS.disabledBadge)
  const stack = h(
    'div',
    { class: 'kobo-account-stack', style: { height: `calc(var(--kobo-card-height) + ${(total - 1) * PEEK_PX}px)` }, role: 'group', 'aria-label': 'Your accounts' },
    ...decorated.map((account, position) => {
      const type = text(account.accountTypeName)
      return h(
        'div',
        {
          class: `kobo-account-card${position ? '' : ' kobo-account-card--front'}`,
          style: {
            background: `${account.vector} no-repeat right top / 220px, ${account.color}`,
            color: account.textColor,
            top: (total - 1 - position) * PEEK_PX,
            zIndex: total - position,
            transform: `scale(${1 - position * 0.04})`,
          },
          'data-testid': 'account-card',
          'data-account-number': text(account.accountNumber),
          'aria-label': `${type} ${text(account.accountNumber)}`,
          role: 'group',
        },
        h(
          'div',
          { class: 'kobo-account-card__top' },
          h(
            'span',
            { class: 'kobo-account-card__badges' },
            h('span', { class: 'kobo-account-card__badge', title: type }, type.length > BADGE_MAX_CHARS ? `${type.slice(0, BADGE_MAX_CHARS)}…` : type),
            disabled(account, 'kobo-account-card__badge kobo-account-card__badge--disabled'),
          ),
          !position && iconButton('eye', 'small'),
        ),
        h('div', { class: 'kobo-account-card__label' }, TEXTS.availableBalance),
        h('div', { class: 'kobo-account-card__balance', 'data-testid': 'account-balance' }, TEXTS.hiddenAmount),
        h(
          'div',
          { class: 'kobo-account-card__bottom' },
          h('span', { class: 'kobo-account-card__number' }, text(account.accountNumber)),
          h('span', { class: 'kobo-account-card__name' }, text(account.accountName)),
        ),
      )
    }),
  )
  if (total < 2) return [stack]
  const legend = h(
    'div',
    { class: 'kobo-account-legend', role: 'group', 'aria-label': 'Choose an account' },
    ...decorated.map((account, position) =>
      h(
        'button',
        {
          type: 'button',
          class: `kobo-account-legend__item${position ? '' : ' kobo-account-legend__item--active'}`,
          'aria-pressed': String(!position),
        },
        h('span', { class: 'kobo-account-legend__dot', style: { background: account.color } }),
        h('span', { class: 'kobo-account-legend__type' }, text(account.accountTypeName)),
        disabled(account, 'kobo-account-legend__disabled'),
        h('span', { class: 'kobo-account-legend__number' }, text(account.accountNumber)),
      ),
    ),
  )
  return [stack, legend]
}

/** HomePage's Row, its first Col and the "My Accounts" card, from the summary's accounts. */
export function paintAccountsCard(accounts: CardAccount[]): Element {
  return h(
    'div',
    { class: 'kobo-plain-row' },
    h(
      'div',
      { class: 'kobo-plain-row__col kobo-plain-row__col--lg-14' },
      h(
        'div',
        { class: 'kobo-plain-card' },
        h(
          'div',
          { class: 'kobo-plain-card__head' },
          h('div', { class: 'kobo-plain-card__title' }, TEXTS.myAccounts),
          h('div', { class: 'kobo-plain-card__extra' }, iconButton('plus', 'primary')),
        ),
        h(
          'div',
          { class: 'kobo-plain-card__body' },
          ...(accounts.length ? paintAccountStack(accounts) : [h('span', { class: 'kobo-plain-head__subtitle' }, TEXTS.noAccounts)]),
        ),
      ),
    ),
  )
}

/** The shell's frame (app/layouts/ShellLayout.tsx's stand-in) around the page's `content`. */
export function paintShell(user: SavedUser, ...content: Element[]): HTMLElement {
  const isMobile = window.matchMedia(MOBILE_QUERY).matches
  const collapsed = !window.matchMedia(DESKTOP_QUERY).matches
  const fullName = [text(user.firstName), text(user.lastName)].filter(Boolean).join(' ')
  return h(
    'div',
    { class: 'kobo-plain-shell', inert: true, 'aria-busy': 'true' },
    !isMobile &&
      h(
        'div',
        { class: `kobo-plain-shell__sider${collapsed ? ' kobo-plain-shell__sider--collapsed' : ''}` },
        h('div', { class: 'kobo-plain-shell__brand' }, logo({ light: true, markOnly: collapsed })),
      ),
    h(
      'div',
      { class: 'kobo-plain-shell__main' },
      h(
        'div',
        { class: 'kobo-plain-shell__header' },
        h(
          'div',
          { class: 'kobo-plain-shell__header-side' },
          ...(isMobile ? [iconButton('menu', 'text'), logo({ size: 28 })] : [iconButton(collapsed ? 'menu-unfold' : 'menu-fold', 'text')]),
        ),
        h(
          'div',
          { class: 'kobo-plain-shell__header-side' },
          !isMobile && h('span', { class: 'kobo-plain-shell__secure' }, icon('bank'), TEXTS.personalBanking),
          h(
            'span',
            { class: 'kobo-plain-shell__user' },
            h('span', { class: 'kobo-plain-shell__avatar' }, icon('user')),
            !isMobile && fullName && h('span', { class: 'kobo-plain-shell__name' }, fullName),
            icon('down', 'kobo-plain-shell__down'),
          ),
        ),
      ),
      h('div', { class: 'kobo-plain-shell__content' }, ...content),
    ),
  ) as HTMLElement
}

/** Runs `then` once the browser has painted the current frame (lib/useAfterFirstPaint.ts). */
const afterPaint = (then: () => void) => requestAnimationFrame(() => setTimeout(then, 0))

/**
 * Paints the first view of `pathname` for the saved `user` before #root, or nothing for a
 * page without one. `summary` is /home's early answer, its parsed body (null when it failed):
 * the cards are painted from it, if the view is still on the page when it comes.
 */
export function paintFirstView(pathname: string, user: SavedUser, summary: Promise<unknown> | null): PaintedFirstView | null {
  const path = pathname.replace(/\/+$/, '')
  if (path !== '/home' && path !== '/transfer') return null
  const home = path === '/home'
  const element = paintShell(
    user,
    home ? paintHeading(TEXTS.welcome + text(user.firstName), TEXTS.dashboardSubheading) : paintHeading(TEXTS.transferHeading, TEXTS.transferSubtitle),
  )
  const box = element.querySelector('.kobo-plain-shell__content')!
  document.body.insertBefore(element, document.getElementById('root'))

  const painted = (home && summary ? summary : Promise.resolve(null)).then(
    (answer) => {
      const accounts = (answer as { accounts?: unknown } | null)?.accounts
      // Only while the view is still there: the real page may have replaced it already.
      if (Array.isArray(accounts) && element.isConnected) box.append(paintAccountsCard(accounts as CardAccount[]))
    },
    () => undefined,
  )
  return { element, painted: painted.then(() => new Promise<void>((done) => afterPaint(done))) }
}
