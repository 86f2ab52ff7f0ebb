/**
 * The last resort when not even the error page's code can load (issue 43: a vanished chunk
 * that one reload did not cure, or no network and no cached copy): plain HTML from the
 * start-up bundle, so the customer never faces a white screen, with the one thing that helps.
 */
import { Logo } from '../components/Logo'

export const PLAIN_RELOAD_TITLE = "Kobo couldn't open this page"
export const PLAIN_RELOAD_SENTENCE = 'Kobo may have just been updated, or the network dropped. Reloading usually fixes it.'

export function PlainReloadPage() {
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        background: '#F4F7F5',
        padding: 24,
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      }}
    >
      <div style={{ maxWidth: 420, textAlign: 'center', display: 'grid', gap: 16, justifyItems: 'center' }}>
        <Logo size={40} markOnly />
        <h1 style={{ margin: 0, fontSize: 22, color: '#042A1F' }}>{PLAIN_RELOAD_TITLE}</h1>
        <p style={{ margin: 0, color: '#4B5B55', lineHeight: 1.5 }}>{PLAIN_RELOAD_SENTENCE}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          style={{
            background: '#0B6E4F',
            color: '#fff',
            border: 0,
            borderRadius: 8,
            padding: '10px 24px',
            fontSize: 15,
            fontWeight: 600,
            cursor: 'pointer',
          }}
        >
          Reload
        </button>
      </div>
    </main>
  )
}
