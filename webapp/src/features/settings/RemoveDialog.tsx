/** The removal dialog of a passkey or a known device (useRemoval.ts): the code sent for it, or
 * a passkey first when the customer has one, with "Use a code instead" beside it. Switching
 * instant transfers back on takes the same steps (instantTransfers/InstantTransfersCard.tsx). */
import type { ReactNode } from 'react'
import { CodeDialog } from '../../components/code/CodeDialog'
import type { RemoveState, useRemoval } from './useRemoval'

export function RemoveDialog({
  remove,
  actions,
  title,
  twoFactor,
  passkeyText,
  withPasskey,
  submitText = 'Remove',
  children,
}: {
  remove: RemoveState
  actions: ReturnType<typeof useRemoval>[1]
  title: string
  twoFactor: string | null
  passkeyText: string
  /** The customer has a passkey that can approve it. */
  withPasskey: boolean
  submitText?: string
  children?: ReactNode
}) {
  return (
    <CodeDialog
      open={remove.step === 'code' || remove.step === 'confirming'}
      title={title}
      message={remove.message}
      twoFactor={twoFactor}
      loading={remove.step === 'confirming'}
      failures={remove.failures}
      submitText={submitText}
      onSubmit={(otp) => void actions.confirmRemove(otp)}
      onCancel={actions.closeRemove}
      onPasskey={withPasskey ? () => void actions.approveRemove() : undefined}
      passkeyTitle={title}
      passkeyText={passkeyText}
    >
      {children}
    </CodeDialog>
  )
}
