/**
 * The dialog that shows what happened after a money movement's code: Successful,
 * Pending (while the other side is asked again) or Failed, as a receipt, with one
 * Done/Close button. Transfers and bill payments both use it; each passes its receipt.
 */
import type { ReactNode } from 'react'
import { Button, Modal, Spin } from 'antd'
import { isResultStep } from './receiptModel'

/** "Checking with …" under a Pending receipt while the status checks run. */
export function CheckingNote({ children }: { children: ReactNode }) {
  return (
    <div className="kobo-transfer-checking" role="status">
      <Spin size="small" /> {children}
    </div>
  )
}

interface Props {
  /** The flow's step; the dialog is open on pending, succeeded and failed. */
  step: string
  onClose: () => void
  /** Extra class names beside `kobo-transfer-result`. */
  className?: string
  children: ReactNode
}

export function ResultModal({ step, onClose, className, children }: Props) {
  return (
    <Modal
      open={isResultStep(step)}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={480}
      centered
      title={null}
      closable={false}
      className={className ? `kobo-transfer-result ${className}` : 'kobo-transfer-result'}
    >
      {children}
      <div className="kobo-transfer-result__actions">
        {/* Focus lands on Done, not on Share receipt: Enter after the code closes, never shares. */}
        <Button type={step === 'pending' ? 'default' : 'primary'} onClick={onClose} block autoFocus>
          {step === 'succeeded' ? 'Done' : 'Close'}
        </Button>
      </div>
    </Modal>
  )
}
