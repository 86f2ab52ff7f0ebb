/**
 * One `reference` per attempt of a money move (docs/contract.md §17.2): the core moves a
 * reference once, so a retry of the same move after an answer that may not have reached it (a
 * 503, a time-out, a dropped connection) sends the same reference again and cannot move the
 * money twice, even if the dialog was closed and opened again. The attempt ends with a
 * definite answer: done (2xx) or refused (4xx, nothing moved), and the next move gets a new
 * reference. A different amount or pocket is a different attempt.
 */
import { useCallback, useMemo, useRef } from 'react'
import type { ApiError } from '../../api/client'

export interface Attempts {
  /** The reference of this move's attempt (`key` says which move: pocket, direction, amount). */
  referenceFor(key: string): string
  /** The answer to `key`'s attempt: a definite one ends it; an unknown outcome keeps it. */
  answered(key: string, error?: ApiError): void
}

const newReference = () => crypto.randomUUID().replaceAll('-', '')

/** Whether the server's answer says for certain what happened (else the move may have gone). */
export const definite = (error?: ApiError) => !error || (typeof error.status === 'number' && error.status < 500)

export function useAttempts(): Attempts {
  const open = useRef(new Map<string, string>())
  const referenceFor = useCallback((key: string) => {
    let reference = open.current.get(key)
    if (!reference) {
      reference = newReference()
      open.current.set(key, reference)
    }
    return reference
  }, [])
  const answered = useCallback((key: string, error?: ApiError) => {
    if (definite(error)) open.current.delete(key)
  }, [])
  return useMemo(() => ({ referenceFor, answered }), [referenceFor, answered])
}
