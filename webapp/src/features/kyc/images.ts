/** Client-side checks of level-3 images; the BFF decides again by content. */
import { ACCEPTED_IMAGE_TYPES, IMAGE_TOO_BIG, MAX_IMAGE_BYTES, ONLY_IMAGES } from './texts'

/** The refusal sentence for a picked file, or null when it may be sent. */
export function imageRefusal(file: File): string | null {
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) return ONLY_IMAGES
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_BIG
  return null
}

/** "2048" → "2.0 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
