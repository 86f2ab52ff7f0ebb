/**
 * Which BFF endpoints call which simulator operation: where a forced scenario shows. The
 * BFF is the reference (the services under bff/ make these core calls); the list holds only the
 * endpoints whose screens a developer wants to see fail or hang.
 */
export interface Endpoint {
  method: string
  /** An MSW path: `:name` matches one segment. */
  path: string
}

const get = (path: string): Endpoint => ({ method: 'GET', path })
const post = (path: string): Endpoint => ({ method: 'POST', path })

export const ENDPOINTS_OF_OPERATION: Record<string, Endpoint[]> = {
  'accounts.read': [
    get('/api/accounts'),
    get('/api/client-summary'),
    get('/api/transfer/balance'),
    get('/api/ibanking/personal/transactions'),
    get('/api/utility/source-accounts'),
  ],
  'ledger.transfer': [post('/api/transfer/intrabank/confirm')],
  'nip.name_inquiry': [post('/api/transfer/name-inquiry')],
  'nip.transfer': [post('/api/transfer/other-banks/confirm')],
  'nip.tsq': [get('/api/transfer/:id')],
  'bills.validate': [post('/api/utility/providers/electricity/meter-info'), post('/api/utility/providers/cabletv/card-info')],
  'bills.vend': [post('/api/utility/providers/:product/vend/confirm')],
  'bills.requery': [get('/api/utility/logs')],
  'messaging.send': [
    post('/auth/ibanking/personal/login'),
    post('/auth/ibanking/personal/email/resend-code'),
    post('/api/transfer/intrabank'),
    post('/api/transfer/other-banks'),
    post('/api/utility/providers/:product/vend/initiate'),
  ],
  'identity.bvn': [post('/auth/ibanking/personal/registration/new'), post('/auth/ibanking/personal/registration/existing')],
  'identity.nin': [post('/api/kyc/level-2')],
  // The BFF's risk check on a transfer's initiation (step-up, hold, block; docs/contract.md §16.1).
  'risk.check': [post('/api/transfer/intrabank'), post('/api/transfer/other-banks'), post('/api/transfer/bulk'), post('/api/utility/providers/:product/vend/initiate')],
  // The core refuses a flagged account's debit with 34 when the transfer is confirmed (§16.2).
  'core.inflow': [post('/api/transfer/intrabank/confirm'), post('/api/transfer/other-banks/confirm'), post('/api/transfer/bulk/confirm')],
  'identity.liveness': [post('/api/onboarding/liveness'), post('/api/ibanking/personal/liveness')],
  // Money into and out of a savings pocket: opening with money, top-up, withdrawal, a break's confirm.
  'savings.move': [
    post('/api/savings/pockets'),
    post('/api/savings/pockets/:id/top-up'),
    post('/api/savings/pockets/:id/withdraw'),
    post('/api/savings/pockets/:id/break'),
  ],
  // Mock-only states (catalogue.ts, STATE_SCENARIOS).
  'disputes.state': [get('/api/disputes'), get('/api/disputes/:trackingNumber'), post('/api/disputes')],
  'account.freeze': [
    get('/api/ibanking/personal/freeze'),
    ...['intrabank', 'own-account', 'other-banks', 'bulk', 'intrabank/confirm', 'other-banks/confirm', 'bulk/confirm'].map((path) => post(`/api/transfer/${path}`)),
    post('/api/utility/providers/:product/vend/initiate'),
    post('/api/utility/providers/:product/vend/confirm'),
  ],
}

/**
 * Operations whose outcome is the feature's own business (a transfer or a bill that fails,
 * completes or stays Pending; the risk check's warning, hold or block; a selfie's verdict; a
 * savings move that is refused, not made, or made once):
 * their handlers read the forced scenario themselves.
 */
export const FEATURE_OPERATIONS = new Set([
  ...['ledger.transfer', 'nip.transfer', 'bills.vend', 'nip.tsq', 'bills.requery'],
  ...['risk.check', 'core.inflow', 'identity.liveness', 'savings.move'],
])

/** The mock-only states (a dispute's status, a frozen account): their handlers show them. */
export const STATE_OPERATIONS = new Set(['disputes.state', 'account.freeze'])

function pattern(path: string): RegExp {
  return new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}$`)
}

const compiled = Object.entries(ENDPOINTS_OF_OPERATION).flatMap(([operation, endpoints]) =>
  endpoints.map((endpoint) => ({ operation, method: endpoint.method, pattern: pattern(endpoint.path) })),
)

/** The simulator operations a request to this endpoint makes. */
export function operationsOf(method: string, pathname: string): string[] {
  return compiled.filter((c) => c.method === method.toUpperCase() && c.pattern.test(pathname)).map((c) => c.operation)
}

/** Whether a request kind `GET /api/accounts` (not an operation, not `*`) is this request. */
export function endpointMatches(kind: string, method: string, pathname: string): boolean {
  const [kindMethod, path] = kind.split(' ')
  return path !== undefined && kindMethod === method.toUpperCase() && pattern(path).test(pathname)
}
