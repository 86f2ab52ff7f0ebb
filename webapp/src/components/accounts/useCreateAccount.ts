/**
 * The Create Account panel's state (a drawer on /home, a modal on /settings): open or not, and
 * opening the account, the `createAccount` mutation (store/accounts/reads.ts). While the account
 * is being opened the panel stays; a refusal shows inside it, and it stays open.
 */
import { useState } from 'react'
import { errorMessage } from '../../api/client'
import { useWrite } from '../../api/useWrite'
import { accountsApi } from '../../store/accounts/reads'
import { CREATE_ACCOUNT_ERROR } from '../../store/accounts/texts'

export function useCreateAccount() {
  const [open, setOpen] = useState(false)
  const [write, creating] = useWrite(accountsApi.endpoints.createAccount)
  // The last refusal, shown inside the panel.
  const [error, setError] = useState<string | null>(null)
  const show = (shown: boolean) => {
    setOpen(shown)
    setError(null)
  }
  return {
    open,
    creating,
    error,
    show: () => show(true),
    close: () => {
      if (!creating) show(false)
    },
    async create(accountTypeId: number) {
      setError(null)
      const { error: refused } = await write(accountTypeId)
      if (refused) setError(errorMessage(refused, CREATE_ACCOUNT_ERROR))
      else setOpen(false)
    },
  }
}

export type CreateAccountPanel = ReturnType<typeof useCreateAccount>
