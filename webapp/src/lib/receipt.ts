/**
 * Receipts of a transaction (GET …/transactions/{referenceNumber}/receipt):
 * a one-page PDF to download, or a PNG to share. Transfers, bills and the
 * history all use these, so they live in the shared kit, not in one feature.
 */
import { apiFileRequest, type ApiResult } from '../api/client'

export type ReceiptFormat = 'pdf' | 'png'

const RECEIPT_BASE = '/api/ibanking/personal/transactions'

export function receiptPath(referenceNumber: string): string {
  return `${RECEIPT_BASE}/${encodeURIComponent(referenceNumber)}/receipt`
}

/** `kobo-receipt-7f3a9c21e0b44c1d9a2e5b6c7d8e9f01.pdf`: the reference keeps saved files apart. */
export function receiptFileName(referenceNumber: string, format: ReceiptFormat): string {
  return `kobo-receipt-${referenceNumber.replace(/[^A-Za-z0-9-]/g, '_')}.${format}`
}

const MIME: Record<ReceiptFormat, string> = { pdf: 'application/pdf', png: 'image/png' }

/** The PDF is the default answer; the PNG is asked for with ?format=png. */
export function fetchReceipt(referenceNumber: string, format: ReceiptFormat, token: string | null): Promise<ApiResult<Blob>> {
  return apiFileRequest(receiptPath(referenceNumber), {
    token,
    accept: MIME[format],
    query: format === 'png' ? { format: 'png' } : undefined,
  })
}

/** Saves a blob through a temporary link: the only download path every browser has. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.appendChild(link)
  link.click()
  link.remove()
  // Revoked later, not at once: some browsers start reading the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000)
}

export type ShareOutcome = 'shared' | 'downloaded' | 'cancelled'

/**
 * Shares the image with the Web Share API where the browser can share files
 * (phones, mostly); anywhere else the same image is downloaded, so the button
 * always does something useful.
 */
export async function shareOrSave(blob: Blob, fileName: string, title: string): Promise<ShareOutcome> {
  const file = new File([blob], fileName, { type: blob.type || MIME.png })
  const nav = typeof navigator !== 'undefined' ? navigator : undefined
  if (nav && typeof nav.canShare === 'function' && typeof nav.share === 'function' && nav.canShare({ files: [file] })) {
    try {
      await nav.share({ files: [file], title })
      return 'shared'
    } catch (error) {
      // Closing the share sheet is the customer's choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled'
      // Any other refusal (e.g. no user gesture left): fall back to saving it.
    }
  }
  saveBlob(blob, fileName)
  return 'downloaded'
}
