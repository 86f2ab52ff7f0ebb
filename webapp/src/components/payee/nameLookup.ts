/**
 * Name look-up (docs/contract.md §8.2): fired by itself once the account
 * number has 10 digits (and, for other banks, a bank is chosen).
 */
import { useEffect } from 'react'
import { useAppDispatch, useAppSelector } from '../../store/hooks'
import { REQUIRED } from '../../lib/validation'
import { ACCOUNT_NUMBER_LENGTH } from '../../store/payees/texts'
import { lookupCleared, lookupRequested, selectLookup, type LookupState } from '../../store/payees/payeesSlice'

export const accountNumberRules = [
  { required: true, message: REQUIRED },
  { len: 10, message: ACCOUNT_NUMBER_LENGTH },
]

export const isAccountNumber = (value: string | undefined | null): value is string => /^\d{10}$/.test(value ?? '')

/** Keeps digits only, at most 10 (for `Form.Item normalize`). */
export const normalizeAccountNumber = (value: string | undefined) => (value ?? '').replace(/\D/g, '').slice(0, 10)

/** Asks for the name whenever the number (or bank) becomes complete; forgets it otherwise. */
export function useNameLookup(key: string, accountNumber: string | undefined, bankCode: string | undefined, enabled = true) {
  const dispatch = useAppDispatch()
  const lookup = useAppSelector(selectLookup(key))
  const ready = enabled && isAccountNumber(accountNumber) && Boolean(bankCode)
  const matches = Boolean(lookup && lookup.accountNumber === accountNumber && lookup.bankCode === bankCode)

  useEffect(() => {
    if (!ready) {
      if (lookup) dispatch(lookupCleared(key))
      return
    }
    if (!matches) dispatch(lookupRequested({ key, accountNumber: accountNumber!, bankCode: bankCode! }))
  }, [ready, matches, key, accountNumber, bankCode, lookup, dispatch])

  useEffect(() => () => void dispatch(lookupCleared(key)), [dispatch, key])

  return matches ? lookup : undefined
}

export function isResolved(lookup: LookupState | undefined): boolean {
  return lookup?.status === 'resolved'
}
