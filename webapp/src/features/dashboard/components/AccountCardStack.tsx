/**
 * Stacked account cards (docs/contract.md §7.1): the front card is fully
 * visible, the others peek out above it. Clicking a card (or its button in
 * the list below the stack) brings it to the front after 300 ms; each card's
 * balance stays hidden until its eye is clicked.
 *
 * No antd here: the page passes its eye button (`Eye`: BalanceToggle). The first
 * view (src/firstPaint.ts, issue 43) paints the same stack as plain DOM before any
 * of the app's code has arrived; firstPaint.test.ts holds the two to the same markup.
 */
import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react'
import type { Account } from '../../../api/types'
import { HIDDEN_AMOUNT, formatNaira, truncate } from '../../../lib/format'
import { decorateAccounts, type DecoratedAccount } from '../../../components/accounts/accountStyles'
import { DISABLED_BADGE } from '../../../store/accounts/texts'
import './dashboard.css'

export const CARD_MOVE_DELAY_MS = 300
export const BADGE_MAX_CHARS = 20
/** How much of each card behind the front one stays visible. */
const PEEK_PX = 22

/** The eye button of the front card (BalanceToggle's props). */
export type EyeButton = ComponentType<{ visible: boolean; onToggle: () => void; subject: string }>

function AccountCard({
  account,
  position,
  total,
  revealed,
  onReveal,
  onSelect,
  Eye,
}: {
  Eye: EyeButton
  account: DecoratedAccount
  position: number
  total: number
  revealed: boolean
  onReveal: () => void
  onSelect: () => void
}) {
  const isFront = position === 0
  const style = {
    background: `${account.vector} no-repeat right top / 220px, ${account.color}`,
    color: account.textColor,
    top: (total - 1 - position) * PEEK_PX,
    zIndex: total - position,
    transform: `scale(${1 - position * 0.04})`,
  }
  return (
    // Every card is a plain group, never a button: a back card that was a button held the eye
    // button inside it (axe: nested-interactive). Pointer users still click a card to bring it
    // forward; keyboard and screen-reader users have the "Choose an account" buttons below.
    <div
      className={`kobo-account-card${isFront ? ' kobo-account-card--front' : ''}`}
      style={style}
      data-testid="account-card"
      data-account-number={account.accountNumber}
      aria-label={`${account.accountTypeName} ${account.accountNumber}`}
      role="group"
      onClick={isFront ? undefined : onSelect}
    >
      <div className="kobo-account-card__top">
        <span className="kobo-account-card__badges">
          <span className="kobo-account-card__badge" title={account.accountTypeName}>
            {truncate(account.accountTypeName, BADGE_MAX_CHARS)}
          </span>
          {account.status === 'DISABLED' && (
            <span className="kobo-account-card__badge kobo-account-card__badge--disabled">{DISABLED_BADGE}</span>
          )}
        </span>
        {/* Only the front card has an eye: behind it the balance is covered anyway, and the
            covered eye was a target smaller than 24 px (WCAG 2.5.8). */}
        {isFront && <Eye visible={revealed} onToggle={onReveal} subject={account.accountNumber} />}
      </div>
      <div className="kobo-account-card__label">Available Balance</div>
      <div className="kobo-account-card__balance" data-testid="account-balance">
        {revealed ? formatNaira(account.availableBalance) : HIDDEN_AMOUNT}
      </div>
      <div className="kobo-account-card__bottom">
        <span className="kobo-account-card__number">{account.accountNumber}</span>
        <span className="kobo-account-card__name">{account.accountName}</span>
      </div>
    </div>
  )
}

export function AccountCardStack({ accounts, Eye }: { accounts: Account[]; Eye: EyeButton }) {
  const decorated = useMemo(() => decorateAccounts(accounts), [accounts])
  const [order, setOrder] = useState<string[]>(() => decorated.map((a) => a.accountNumber))
  const [revealed, setRevealed] = useState<Set<string>>(() => new Set())
  const moveTimer = useRef<ReturnType<typeof setTimeout>>(undefined)

  // Keep the chosen order across refreshes; new accounts join at the back.
  const numbers = decorated.map((a) => a.accountNumber)
  const ordered = [
    ...order.filter((n) => numbers.includes(n)),
    ...numbers.filter((n) => !order.includes(n)),
  ]
    .map((n) => decorated.find((a) => a.accountNumber === n))
    .filter((a): a is DecoratedAccount => Boolean(a))

  useEffect(() => () => clearTimeout(moveTimer.current), [])

  const bringToFront = (accountNumber: string) => {
    clearTimeout(moveTimer.current)
    moveTimer.current = setTimeout(() => {
      setOrder((current) => {
        const all = [...current.filter((n) => numbers.includes(n)), ...numbers.filter((n) => !current.includes(n))]
        return [accountNumber, ...all.filter((n) => n !== accountNumber)]
      })
    }, CARD_MOVE_DELAY_MS)
  }

  const toggle = (accountNumber: string) =>
    setRevealed((current) => {
      const next = new Set(current)
      if (next.has(accountNumber)) next.delete(accountNumber)
      else next.add(accountNumber)
      return next
    })

  return (
    <>
      <div
        className="kobo-account-stack"
        style={{ height: `calc(var(--kobo-card-height) + ${(ordered.length - 1) * PEEK_PX}px)` }}
        role="group"
        aria-label="Your accounts"
      >
        {/* DOM order stays fixed so moving a card animates its position instead of re-inserting it. */}
        {decorated.map((account) => (
          <AccountCard
            key={account.accountNumber}
            account={account}
            position={ordered.indexOf(account)}
            total={ordered.length}
            revealed={revealed.has(account.accountNumber)}
            onReveal={() => toggle(account.accountNumber)}
            onSelect={() => bringToFront(account.accountNumber)}
            Eye={Eye}
          />
        ))}
      </div>
      {decorated.length > 1 && (
        // The same "bring to front" as clicking a card, as a plain list that is easy to tap and read aloud.
        <div className="kobo-account-legend" role="group" aria-label="Choose an account">
          {decorated.map((account) => (
            <button
              type="button"
              key={account.accountNumber}
              className={`kobo-account-legend__item${ordered[0] === account ? ' kobo-account-legend__item--active' : ''}`}
              onClick={() => bringToFront(account.accountNumber)}
              aria-pressed={ordered[0] === account}
            >
              <span className="kobo-account-legend__dot" style={{ background: account.color }} />
              <span className="kobo-account-legend__type">{account.accountTypeName}</span>
              {account.status === 'DISABLED' && <span className="kobo-account-legend__disabled">{DISABLED_BADGE}</span>}
              <span className="kobo-account-legend__number">{account.accountNumber}</span>
            </button>
          ))}
        </div>
      )}
    </>
  )
}
