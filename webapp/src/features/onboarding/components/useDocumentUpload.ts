/**
 * The shared part of the passport and document rows: a hidden file input,
 * the checks before uploading, reading the file and the upload (`uploading` while it is on
 * its way).
 */
import { useRef } from 'react'
import { useAppDispatch } from '../../../store/hooks'
import { toastError } from '../../../store/toastSlice'
import { useWrite } from '../../../api/useWrite'
import { onboardingApi } from '../reads'
import { fileRefusal, readAsDataUrl } from '../../../lib/files'
import { CHOOSE_DOCUMENT_TYPE, FILE_READ_FAILED, PASSPORT_NAME } from '../texts'
import type { DocumentTypeOption, OnboardingDocument } from '../types'

export function useDocumentUpload(
  document: OnboardingDocument,
  /** The chosen type for a non-passport document; null for the passport or when none is chosen. */
  chosenType: DocumentTypeOption | null,
  passport: boolean,
) {
  const dispatch = useAppDispatch()
  const inputRef = useRef<HTMLInputElement>(null)
  const [upload, uploading] = useWrite(onboardingApi.endpoints.uploadDocument)

  const typeMissing = !passport && !chosenType

  /** "Upload a file": refuses without a chosen type, else opens the picker. */
  const pick = () => {
    if (typeMissing) {
      dispatch(toastError(CHOOSE_DOCUMENT_TYPE))
      return
    }
    inputRef.current?.click()
  }

  const onFileChosen = async (files: FileList | null) => {
    const file = files?.[0]
    // Let the same file be chosen again after a refusal.
    if (inputRef.current) inputRef.current.value = ''
    if (!file) return
    if (typeMissing) {
      dispatch(toastError(CHOOSE_DOCUMENT_TYPE))
      return
    }
    const refusal = fileRefusal(file)
    if (refusal) {
      dispatch(toastError(refusal))
      return
    }
    let content: string
    try {
      content = await readAsDataUrl(file)
    } catch {
      dispatch(toastError(FILE_READ_FAILED))
      return
    }
    await upload({
      documentTypeId: document.documentTypeId,
      content,
      coreBankingDocumentTypeId: passport ? null : chosenType!.coreBankingId,
      description: passport ? PASSPORT_NAME : chosenType!.name,
    })
  }

  return { inputRef, pick, onFileChosen, uploading }
}
