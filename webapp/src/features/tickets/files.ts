/** Files picked for a ticket, and how an attachment can be previewed. */
import { MAX_ATTACHMENT_BYTES } from './texts'

/** The file as a data URL (`data:<type>;base64,…`), as the BFF takes it. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'))
    reader.readAsDataURL(file)
  })
}

export const tooBig = (file: { size: number }) => file.size > MAX_ATTACHMENT_BYTES

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

const BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  txt: 'text/plain',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
}

/** A file's type: the one given, else guessed from its name. */
export function contentTypeOf(name: string, given?: string | null): string {
  const type = (given ?? '').split(';')[0].trim().toLowerCase()
  if (type && type !== 'application/octet-stream') return type
  return BY_EXTENSION[extensionOf(name)] ?? 'application/octet-stream'
}

/** The media type written in a data URL. */
export function dataUrlType(dataUrl: string): string | null {
  const match = /^data:([^;,]+)/.exec(dataUrl)
  return match ? match[1].toLowerCase() : null
}

export type PreviewKind = 'image' | 'pdf' | 'excel' | 'unsupported'

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/bmp'])
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** Preview supports png, jpeg, gif, bmp, pdf and Excel workbooks (docs/contract.md §15.3). */
export function previewKindOf(contentType: string): PreviewKind {
  if (IMAGE_TYPES.has(contentType)) return 'image'
  if (contentType === 'application/pdf') return 'pdf'
  if (contentType === XLSX) return 'excel'
  return 'unsupported'
}

/** A data URL as bytes. */
export function dataUrlBytes(dataUrl: string): Uint8Array {
  const comma = dataUrl.indexOf(',')
  const binary = atob(dataUrl.slice(comma + 1))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** A data URL as an object URL (PDF viewers will not open a data URL in a frame). */
export function dataUrlToObjectUrl(dataUrl: string, type: string): string {
  return URL.createObjectURL(new Blob([dataUrlBytes(dataUrl) as BlobPart], { type }))
}

/** Picked files as the BFF takes them, with what the screen shows before the server answers. */
export async function toUploads(files: File[]) {
  return Promise.all(
    files.map(async (file) => ({
      name: file.name,
      document: await readAsDataUrl(file),
      contentType: contentTypeOf(file.name, file.type),
      size: file.size,
    })),
  )
}
