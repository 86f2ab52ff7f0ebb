/**
 * The two receipt actions for one reference: "Share receipt" (the PNG, through
 * the Web Share API or saved) and "Download receipt" (the PDF). The token is
 * the session's; a 401/403 ends the session as every other call does.
 */
import { useState } from 'react'
import { errorMessage, isSessionError } from '../../api/client'
import { useAppDispatch, useAppSelector } from '../../store/hooks'
import { selectAccessToken, sessionExpired } from '../../store/appSlice'
import { toastError, toastSuccess } from '../../store/toastSlice'
import { fetchReceipt, receiptFileName, saveBlob, shareOrSave, type ReceiptFormat } from '../../lib/receipt'

export const RECEIPT_ERROR = 'We could not get the receipt. Please try again.'
export const RECEIPT_SAVED = 'Receipt downloaded'

export function useReceiptActions(referenceNumber: string | null | undefined) {
  const dispatch = useAppDispatch()
  const token = useAppSelector(selectAccessToken)
  const [busy, setBusy] = useState<ReceiptFormat | null>(null)

  async function run(format: ReceiptFormat) {
    if (!referenceNumber || busy) return
    setBusy(format)
    try {
      const result = await fetchReceipt(referenceNumber, format, token)
      if (result.error) {
        if (isSessionError(result.error)) dispatch(sessionExpired({ status: result.error.status as number }))
        else dispatch(toastError(errorMessage(result.error, RECEIPT_ERROR)))
        return
      }
      const fileName = receiptFileName(referenceNumber, format)
      if (format === 'pdf') {
        saveBlob(result.data, fileName)
        dispatch(toastSuccess(RECEIPT_SAVED))
        return
      }
      const outcome = await shareOrSave(result.data, fileName, `Kobo receipt ${referenceNumber}`)
      if (outcome === 'downloaded') dispatch(toastSuccess(RECEIPT_SAVED))
    } finally {
      setBusy(null)
    }
  }

  return {
    share: () => run('png'),
    download: () => run('pdf'),
    sharing: busy === 'png',
    downloading: busy === 'pdf',
    available: Boolean(referenceNumber),
  }
}
