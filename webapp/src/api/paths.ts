/** The BFF's base path of the personal-banking authentication calls (docs/contract.md §3). */
export const AUTH_BASE = '/auth/ibanking/personal'
