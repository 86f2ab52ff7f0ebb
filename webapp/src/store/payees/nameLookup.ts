/**
 * Name look-up (docs/contract.md §8.2): fired by itself once the account number has 10 digits
 * (and, for other banks, a bank is chosen), through the `nameInquiry` read (reads.ts).
 */
import { useEffect, useMemo, useRef } from 'react'
import { createSelector } from '@reduxjs/toolkit'
import type { ApiError } from '../../api/client'
import type { NameInquiry } from '../../api/transferTypes'
import { REUSE_ANSWER_S, useRead } from '../../api/useRead'
import { useAppDispatch, useAppSelector } from '../hooks'
import { REQUIRED } from '../../lib/validation'
import { ACCOUNT_NUMBER_LENGTH } from './texts'
import { lookupErrorText, payeesApi, type Payee } from './reads'

export interface LookupState {
  status: 'loading' | 'resolved' | 'failed'
  result: NameInquiry | null
  error: string | null
}

export const accountNumberRules = [
  { required: true, message: REQUIRED },
  { len: 10, message: ACCOUNT_NUMBER_LENGTH },
]

export const isAccountNumber = (value: string | undefined | null): value is string => /^\d{10}$/.test(value ?? '')

/** Keeps digits only, at most 10 (for `Form.Item normalize`). */
export const normalizeAccountNumber = (value: string | undefined) => (value ?? '').replace(/\D/g, '').slice(0, 10)

const LOADING: LookupState = { status: 'loading', result: null, error: null }

/** A look-up's state from its read; a number still on its way is loading, never an older answer. */
function lookupOf(read: { isFetching: boolean; isError: boolean; isSuccess: boolean; data?: NameInquiry; error?: unknown }): LookupState {
  if (read.isFetching) return LOADING
  if (read.isError) return { status: 'failed', result: null, error: lookupErrorText(read.error as ApiError) }
  if (read.isSuccess && read.data) return { status: 'resolved', result: read.data, error: null }
  return LOADING
}

/** Asks for the name whenever the number (or bank) becomes complete; nothing otherwise. */
export function useNameLookup(accountNumber: string | undefined, bankCode: string | undefined, enabled = true) {
  const ready = enabled && isAccountNumber(accountNumber) && Boolean(bankCode)
  const read = useRead(payeesApi.endpoints.nameInquiry, { accountNumber: accountNumber ?? '', bankCode: bankCode ?? '' }, { skip: !ready })
  return ready ? lookupOf(read) : undefined
}

/** A payee's key in `useNameLookups`' answer. */
export const payeeKey = ({ accountNumber, bankCode }: Payee) => `${bankCode}:${accountNumber}`

/** The look-ups of many payees at once (a bulk transfer's rows), keyed by `payeeKey`. */
export function useNameLookups(payees: Payee[]): Record<string, LookupState> {
  const dispatch = useAppDispatch()
  const keys = [...new Set(payees.map(payeeKey))].sort().join(',')
  const subscriptions = useRef(new Map<string, { unsubscribe(): void }>())
  useEffect(() => {
    const wanted = new Set(keys ? keys.split(',') : [])
    const held = subscriptions.current
    for (const [key, subscription] of held) {
      if (wanted.has(key)) continue
      subscription.unsubscribe()
      held.delete(key)
    }
    for (const key of wanted) {
      if (held.has(key)) continue
      const [bankCode, accountNumber] = key.split(':')
      held.set(key, dispatch(payeesApi.endpoints.nameInquiry.initiate({ accountNumber, bankCode }, { forceRefetch: REUSE_ANSWER_S })))
    }
  }, [dispatch, keys])
  useEffect(() => {
    const held = subscriptions.current
    return () => {
      held.forEach((subscription) => subscription.unsubscribe())
      held.clear()
    }
  }, [])
  const selector = useMemo(() => {
    const list = keys ? keys.split(',') : []
    const reads = list.map((key) => {
      const [bankCode, accountNumber] = key.split(':')
      return payeesApi.endpoints.nameInquiry.select({ accountNumber, bankCode })
    })
    return createSelector(reads, (...entries) =>
      Object.fromEntries(
        entries.map((entry, i) => [list[i], lookupOf({ ...entry, isFetching: entry.isUninitialized || entry.isLoading })]),
      ),
    )
  }, [keys])
  return useAppSelector(selector as (state: unknown) => Record<string, LookupState>)
}

export function isResolved(lookup: LookupState | undefined): boolean {
  return lookup?.status === 'resolved'
}
