/** The Kobo mark and word mark; `light` for dark backgrounds. */
import { BRAND } from '../lib/theme'

interface LogoProps {
  light?: boolean
  /** Show only the square mark (collapsed sidebar). */
  markOnly?: boolean
  size?: number
}

export function Logo({ light = false, markOnly = false, size = 32 }: LogoProps) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }} role="img" aria-label="Kobo">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="16" fill={light ? '#FFFFFF' : BRAND.green} />
        <path d="M20 16h8v13l12-13h10L36.5 30.5 51 48H40.5L28 32.5V48h-8z" fill={light ? BRAND.green : '#FFFFFF'} />
        <circle cx="47" cy="17" r="4" fill={BRAND.gold} />
      </svg>
      {!markOnly && (
        <span
          style={{
            fontWeight: 700,
            fontSize: size * 0.68,
            letterSpacing: '-0.02em',
            color: light ? '#FFFFFF' : BRAND.ink,
            lineHeight: 1,
          }}
        >
          Kobo
        </span>
      )}
    </span>
  )
}
