/** Customer-facing texts of the login flow, word for word from docs/contract.md §3. */

export const LOGIN_SUCCESS_MESSAGE = 'Logged in successfully'
