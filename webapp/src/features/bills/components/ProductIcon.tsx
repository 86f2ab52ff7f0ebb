/** The round icon of a bill product (tiles and history rows). */
import { DesktopOutlined, MobileOutlined, ThunderboltOutlined, WifiOutlined } from '@ant-design/icons'

const ICONS: Record<string, typeof MobileOutlined> = {
  AIRTIME: MobileOutlined,
  DATA: WifiOutlined,
  ELECTRICITY_BILL: ThunderboltOutlined,
  CABLE_TV: DesktopOutlined,
}

export function ProductIcon({ type, size = 'small' }: { type: string; size?: 'small' | 'large' }) {
  const Icon = ICONS[type] ?? MobileOutlined
  return (
    <span className={`kobo-bill-icon kobo-bill-icon--${type.toLowerCase()} kobo-bill-icon--${size}`} aria-hidden>
      <Icon />
    </span>
  )
}
