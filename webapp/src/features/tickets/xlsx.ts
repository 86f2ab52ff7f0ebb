/**
 * Just enough of an .xlsx reader to preview a workbook: the zip container
 * (stored or deflated entries, inflated by the browser's DecompressionStream),
 * the sheet list, shared strings and cell values. Styles, formulas and merged
 * cells are ignored: the preview shows what the cells hold.
 */

export interface Sheet {
  name: string
  rows: string[][]
}

const MAX_ROWS = 500
const MAX_COLUMNS = 50

interface ZipEntry {
  method: number
  compressedSize: number
  localOffset: number
}

function readEntries(bytes: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let end = -1
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i
      break
    }
  }
  if (end < 0) throw new Error('Not a zip file')
  const count = view.getUint16(end + 10, true)
  let offset = view.getUint32(end + 16, true)
  const entries = new Map<string, ZipEntry>()
  const decoder = new TextDecoder()
  for (let n = 0; n < count; n++) {
    if (view.getUint32(offset, true) !== 0x02014b50) throw new Error('Broken zip directory')
    const method = view.getUint16(offset + 10, true)
    const compressedSize = view.getUint32(offset + 20, true)
    const nameLength = view.getUint16(offset + 28, true)
    const extraLength = view.getUint16(offset + 30, true)
    const commentLength = view.getUint16(offset + 32, true)
    const localOffset = view.getUint32(offset + 42, true)
    const name = decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength))
    entries.set(name, { method, compressedSize, localOffset })
    offset += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

async function inflateRaw(data: Uint8Array): Promise<Uint8Array> {
  const inflater = new DecompressionStream('deflate-raw')
  const writer = inflater.writable.getWriter()
  void writer.write(data as Uint8Array<ArrayBuffer>).catch(() => undefined)
  void writer.close().catch(() => undefined)
  return new Uint8Array(await new Response(inflater.readable).arrayBuffer())
}

async function readText(bytes: Uint8Array, entries: Map<string, ZipEntry>, name: string): Promise<string | null> {
  const entry = entries.get(name)
  if (!entry) return null
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const start = entry.localOffset + 30 + view.getUint16(entry.localOffset + 26, true) + view.getUint16(entry.localOffset + 28, true)
  const raw = bytes.subarray(start, start + entry.compressedSize)
  let content: Uint8Array
  if (entry.method === 0) content = raw
  else if (entry.method === 8) content = await inflateRaw(raw)
  else throw new Error(`Unsupported zip method ${entry.method}`)
  return new TextDecoder().decode(content)
}

const parseXml = (text: string) => new DOMParser().parseFromString(text, 'application/xml')

/** Elements by local name, whatever the namespace prefix. */
const byName = (root: Document | Element, name: string) => [...root.getElementsByTagNameNS('*', name)]

/** "B12" → column 1 (zero-based). */
function columnOf(ref: string | null): number | null {
  const letters = /^([A-Z]+)\d*$/i.exec(ref ?? '')?.[1]
  if (!letters) return null
  let column = 0
  for (const ch of letters.toUpperCase()) column = column * 26 + (ch.charCodeAt(0) - 64)
  return column - 1
}

function textOf(element: Element): string {
  // Rich text has several runs (<r><t>…</t></r>); phonetic runs (<rPh>) are not shown.
  return byName(element, 't')
    .filter((t) => t.parentElement?.localName !== 'rPh')
    .map((t) => t.textContent ?? '')
    .join('')
}

function resolveTarget(target: string): string {
  if (target.startsWith('/')) return target.slice(1)
  const parts = `xl/${target}`.split('/')
  const out: string[] = []
  for (const part of parts) {
    if (part === '..') out.pop()
    else if (part !== '.') out.push(part)
  }
  return out.join('/')
}

export async function readWorkbook(bytes: Uint8Array): Promise<Sheet[]> {
  const entries = readEntries(bytes)
  const workbookXml = await readText(bytes, entries, 'xl/workbook.xml')
  if (!workbookXml) throw new Error('Not a workbook')
  const relsXml = await readText(bytes, entries, 'xl/_rels/workbook.xml.rels')
  const targets = new Map<string, string>()
  if (relsXml) {
    for (const rel of byName(parseXml(relsXml), 'Relationship')) {
      targets.set(rel.getAttribute('Id') ?? '', resolveTarget(rel.getAttribute('Target') ?? ''))
    }
  }
  const sharedXml = await readText(bytes, entries, 'xl/sharedStrings.xml')
  const shared = sharedXml ? byName(parseXml(sharedXml), 'si').map(textOf) : []

  const sheets: Sheet[] = []
  const sheetElements = byName(parseXml(workbookXml), 'sheet')
  for (const [index, sheet] of sheetElements.entries()) {
    const relId = [...sheet.attributes].find((a) => a.localName === 'id' && a.name !== 'sheetId')?.value ?? ''
    const path = targets.get(relId) ?? `xl/worksheets/sheet${index + 1}.xml`
    const xml = await readText(bytes, entries, path)
    const rows: string[][] = []
    if (xml) {
      for (const row of byName(parseXml(xml), 'row').slice(0, MAX_ROWS)) {
        const cells: string[] = []
        for (const cell of byName(row, 'c')) {
          const column = columnOf(cell.getAttribute('r')) ?? cells.length
          if (column >= MAX_COLUMNS) continue
          const type = cell.getAttribute('t')
          const value = byName(cell, 'v')[0]?.textContent ?? ''
          let text: string
          if (type === 's') text = shared[Number(value)] ?? ''
          else if (type === 'inlineStr') text = textOf(cell)
          else if (type === 'b') text = value === '1' ? 'TRUE' : 'FALSE'
          else text = value
          while (cells.length < column) cells.push('')
          cells[column] = text
        }
        const rowIndex = Number(row.getAttribute('r') ?? rows.length + 1) - 1
        while (rows.length < rowIndex && rows.length < MAX_ROWS) rows.push([])
        rows.push(cells)
      }
    }
    sheets.push({ name: sheet.getAttribute('name') ?? `Sheet${index + 1}`, rows: rows.slice(0, MAX_ROWS) })
  }
  return sheets
}

/** Column letters for a header row: 0 → A, 26 → AA. */
export function columnName(index: number): string {
  let name = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  return name
}
