import type { Endpoint } from '../../api/client'
import type { AutoSaveRequest, BreakCodeSent, BreakRequest, Broken, Direction, MoveRequest, OpenPocketRequest, Pocket, Savings } from './types'

const BASE = '/api/savings'

export const savingsEndpoint = (): Endpoint<Savings> => ({ method: 'GET', path: BASE })

export const openPocketEndpoint = (body: OpenPocketRequest): Endpoint<Pocket> => ({ method: 'POST', path: `${BASE}/pockets`, body })

export const moveEndpoint = (id: number, direction: Direction, body: MoveRequest): Endpoint<Pocket> => ({
  method: 'POST',
  path: `${BASE}/pockets/${id}/${direction}`,
  body,
})

/** Without `otp` or `passkey`: 202 with the forfeit and a code sent; with one: 200 broken. */
export const breakEndpoint = (id: number, body: BreakRequest): Endpoint<BreakCodeSent | Broken> => ({
  method: 'POST',
  path: `${BASE}/pockets/${id}/break`,
  body,
})

export const autoSaveEndpoint = (id: number, body: AutoSaveRequest): Endpoint<Pocket> => ({
  method: 'PUT',
  path: `${BASE}/pockets/${id}/auto-save`,
  body,
})
