/** The Kobo look, set once through antd's design tokens. */
import type { ThemeConfig } from 'antd'

export const BRAND = {
  green: '#0B6E4F',
  greenDark: '#06402F',
  greenDeep: '#042A1F',
  gold: '#F2C94C',
  ink: '#10231C',
  mist: '#F4F7F5',
}

/**
 * The class on every antd component's root that carries the theme's CSS variables (antd's
 * `cssVar.key`, by default a per-provider id). Fixed, so that components/plain/ can put it
 * on theirs as antd does: each root then resets the variables a component above it changed
 * (a card's larger radius must not reach the button inside it).
 */
export const THEME_CLASS = 'css-var-kobo'

export const theme: ThemeConfig = {
  // Components take their styles from antd's prebuilt stylesheet (app/antdStyles.ts) instead of
  // generating them in JavaScript at first render: half the dashboard's blocking time on a
  // desktop (docs/benchmarks.md). The tokens below still apply, as CSS variables.
  zeroRuntime: true,
  cssVar: { key: THEME_CLASS },
  token: {
    colorPrimary: BRAND.green,
    colorInfo: BRAND.green,
    colorLink: BRAND.green,
    colorSuccess: '#1E9E5A',
    // White on it (a danger button) and it on white or the page: at least 4.5:1 (WCAG AA).
    colorError: '#C53030',
    colorWarning: '#E0A526',
    colorTextBase: BRAND.ink,
    // Secondary text (Typography secondary, Empty, descriptions): antd's 0.45 alpha is below
    // WCAG AA contrast (about 2.8:1); 0.65 gives about 5:1 on white and on the page background.
    colorTextDescription: 'rgba(16, 35, 28, 0.65)',
    // Placeholders and tertiary text (descriptions' labels): antd's 0.25 and 0.45 alphas give
    // 1.69:1 and 2.8:1 on white; 0.65 gives about 5:1 (WCAG AA asks 4.5:1).
    colorTextPlaceholder: 'rgba(16, 35, 28, 0.65)',
    colorTextTertiary: 'rgba(16, 35, 28, 0.65)',
    colorBgLayout: BRAND.mist,
    borderRadius: 10,
    fontFamily:
      "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'",
    fontSize: 14,
    controlHeight: 40,
  },
  components: {
    Layout: {
      siderBg: BRAND.greenDeep,
      headerBg: '#FFFFFF',
      headerHeight: 64,
      headerPadding: '0 24px',
      bodyBg: BRAND.mist,
    },
    Menu: {
      darkItemBg: BRAND.greenDeep,
      darkSubMenuItemBg: BRAND.greenDeep,
      darkItemSelectedBg: BRAND.green,
      darkItemColor: 'rgba(255,255,255,0.72)',
      darkItemHoverColor: '#FFFFFF',
      itemBorderRadius: 8,
      itemHeight: 44,
      itemMarginInline: 12,
    },
    Button: { fontWeight: 600, primaryShadow: 'none' },
    Card: { borderRadiusLG: 14 },
  },
}
