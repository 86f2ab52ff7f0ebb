/** Every feature's MSW handlers, for the browser worker and the test server alike. */
import { authHandlers } from '../features/auth/mocks'
import { accountsHandlers } from '../features/accounts/mocks'
import { dashboardHandlers } from '../features/dashboard/mocks'

export const handlers = [...authHandlers, ...accountsHandlers, ...dashboardHandlers]
