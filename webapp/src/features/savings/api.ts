import type { Endpoint } from '../../api/client'
import type { PasskeyOptions } from '../../api/types'
import type {
  AutoSaveRequest,
  BreakCodeSent,
  BreakRequest,
  Broken,
  Direction,
  MoveRequest,
  MovementsQuery,
  OpenPocketRequest,
  Pocket,
  PocketMovements,
  Savings,
} from './types'

const BASE = '/api/savings'

export const savingsEndpoint = (): Endpoint<Savings> => ({ method: 'GET', path: BASE })

/** One page of a pocket's movements, newest first (§12's page shape). */
export const movementsEndpoint = ({ id, page, size }: MovementsQuery): Endpoint<PocketMovements> => ({
  method: 'GET',
  path: `${BASE}/pockets/${id}/transactions`,
  query: { page, size },
})

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

/** The passkey request options that approve breaking this pocket and nothing else. */
export const breakPasskeyOptionsEndpoint = (id: number): Endpoint<PasskeyOptions> => ({
  method: 'POST',
  path: `${BASE}/pockets/${id}/break/passkey-options`,
})

export const autoSaveEndpoint = (id: number, body: AutoSaveRequest): Endpoint<Pocket> => ({
  method: 'PUT',
  path: `${BASE}/pockets/${id}/auto-save`,
  body,
})
