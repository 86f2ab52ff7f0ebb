/** The .xlsx reader behind the attachment viewer: zip entries (stored and deflated), shared strings, cells. */
import { deflateRawSync } from 'node:zlib'
import { columnName, readWorkbook } from './xlsx'
import { storedZip } from './testZip'

const WORKBOOK =
  '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
  '<sheets><sheet name="Jan" sheetId="1" r:id="rId1"/><sheet name="Feb" sheetId="2" r:id="rId2"/></sheets></workbook>'
const RELS =
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Target="/xl/worksheets/sheet2.xml"/></Relationships>'
const SHARED = '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>Name</t></si><si><r><t>Ada </t></r><r><t>Okafor</t></r></si></sst>'
const SHEET1 =
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
  '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="b"><v>1</v></c></row>' +
  '<row r="3"><c r="A3" t="s"><v>1</v></c><c r="B3"><v>1250.5</v></c></row>' +
  '</sheetData></worksheet>'
const SHEET2 = '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData/></worksheet>'

const files = {
  'xl/workbook.xml': WORKBOOK,
  'xl/_rels/workbook.xml.rels': RELS,
  'xl/sharedStrings.xml': SHARED,
  'xl/worksheets/sheet1.xml': SHEET1,
  'xl/worksheets/sheet2.xml': SHEET2,
}

describe('readWorkbook', () => {
  it('reads sheets, shared and rich strings, booleans, numbers and gaps', async () => {
    const sheets = await readWorkbook(storedZip(files))
    expect(sheets.map((s) => s.name)).toEqual(['Jan', 'Feb'])
    expect(sheets[0].rows).toEqual([['Name', '', 'TRUE'], [], ['Ada Okafor', '1250.5']])
    expect(sheets[1].rows).toEqual([])
  })

  it('inflates deflated entries', async () => {
    const encoder = new TextEncoder()
    const deflated = Object.fromEntries(Object.entries(files).map(([name, text]) => [name, new Uint8Array(deflateRawSync(encoder.encode(text)))]))
    const sheets = await readWorkbook(storedZip(files, 8, deflated))
    expect(sheets[0].rows[2]).toEqual(['Ada Okafor', '1250.5'])
  })

  it('refuses something that is not a workbook', async () => {
    await expect(readWorkbook(new TextEncoder().encode('MZ not a zip at all, not even close to one'))).rejects.toThrow()
    await expect(readWorkbook(storedZip({ 'word/document.xml': '<w/>' }))).rejects.toThrow('Not a workbook')
  })

  it('names columns like a spreadsheet', () => {
    expect([0, 1, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'ZZ', 'AAA'])
  })
})
