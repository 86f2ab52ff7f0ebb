/**
 * Plain HTML and CSS stand-ins for the antd pieces of a signed-in page's first
 * view (issue 23, app/FirstView.tsx): a page heading, a card with a title,
 * and the look of an icon button. They are in the start-up bundle, so they
 * paint before antd's code and styles have arrived; antd's page then replaces
 * them. Their sizes and positions are antd's (measured from the rendered
 * page, firstView.css), so nothing moves when it does.
 *
 * They are drawings, not controls: the first view is `inert` while it shows.
 */
import type { ReactNode } from 'react'
import './firstView.css'

/** The page heading every signed-in page has (HomePage, TransferPage: `.kobo-page-head`). */
export function PlainPageHead({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div className="kobo-plain-head">
      <h1 className="kobo-plain-head__title">{title}</h1>
      <span className="kobo-plain-head__subtitle">{subtitle}</span>
    </div>
  )
}

/** antd's borderless Card with a title and an optional `extra`. */
export function PlainCard({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <div className="kobo-plain-card">
      <div className="kobo-plain-card__head">
        <div className="kobo-plain-card__title">{title}</div>
        {extra && <div className="kobo-plain-card__extra">{extra}</div>}
      </div>
      <div className="kobo-plain-card__body">{children}</div>
    </div>
  )
}

/**
 * The look of an antd icon button: `text` (the header's 40 px square), `primary` (the
 * 40 px green circle), `small` (the 30 px circle on an account card).
 */
export function PlainIconButton({ icon, look }: { icon: ReactNode; look: 'text' | 'primary' | 'small' }) {
  return (
    <span className={`kobo-plain-button kobo-plain-button--${look}`} aria-hidden="true">
      {icon}
    </span>
  )
}
