/** The ten pages of the logged-in shell, in menu order (docs/contract.md §2.2). */
export const NAV_LINKS = [
  { key: 'home', label: 'Home', path: '/home' },
  { key: 'transfer', label: 'Transfer', path: '/transfer' },
  { key: 'transaction-history', label: 'Transaction History', path: '/transaction-history' },
  { key: 'bill-payment', label: 'Bills Payment', path: '/bill-payment' },
  { key: 'savings', label: 'Savings', path: '/savings' },
  { key: 'kyc-setting', label: 'Kyc Settings', path: '/kyc-setting' },
  { key: 'scheduled-payment', label: 'Scheduled Payments', path: '/scheduled-payment' },
  { key: 'beneficiary', label: 'Beneficiary', path: '/beneficiary' },
  { key: 'settings', label: 'Settings', path: '/settings' },
  { key: 'customer-service', label: 'Customer Service', path: '/customer-service' },
] as const

export type NavLinkKey = (typeof NAV_LINKS)[number]['key']

export const ALL_NAV_LINK_KEYS: NavLinkKey[] = NAV_LINKS.map((link) => link.key)
