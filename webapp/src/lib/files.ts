/** Client-side checks and reading of onboarding uploads (docs/contract.md §6.3). */

export const FILE_TOO_BIG = 'File size exceeds 2MB limit'
export const ONLY_IMAGES = 'Only PNG and JPEG images are accepted'
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg']

/** The refusal sentence for a file, or null when it may be uploaded. */
export function fileRefusal(file: File): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_BIG
  // The server decides by content; this only catches an obviously wrong pick early.
  if (file.type && !ACCEPTED_IMAGE_TYPES.includes(file.type)) return ONLY_IMAGES
  return null
}

/** The file as a data URL (the upload payload's `content`). */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable')))
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'))
    reader.readAsDataURL(file)
  })
}
