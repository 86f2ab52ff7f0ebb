/**
 * What the passport row and the document rows show alike: the reason a declined
 * document was refused, and the hidden file input that useDocumentUpload opens.
 */
import type { RefObject } from 'react'
import { Alert } from 'antd'
import { ACCEPT_ATTRIBUTE } from '../texts'
import type { OnboardingDocument } from '../types'

export function DeclinedAlert({ document }: { document: OnboardingDocument }) {
  if (document.status !== 'DECLINED') return null
  return (
    <Alert
      type="error"
      showIcon
      className="kobo-onboarding-alert"
      title="This document was declined"
      description={document.verificationComment ? `Reason: ${document.verificationComment}` : undefined}
    />
  )
}

export function DocumentFileInput({
  document,
  inputRef,
  onFileChosen,
}: {
  document: OnboardingDocument
  inputRef: RefObject<HTMLInputElement | null>
  onFileChosen: (files: FileList | null) => Promise<void>
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={ACCEPT_ATTRIBUTE}
      hidden
      data-testid={`file-input-${document.documentTypeId}`}
      aria-label={`${document.documentName} file`}
      onChange={(event) => void onFileChosen(event.target.files)}
    />
  )
}
