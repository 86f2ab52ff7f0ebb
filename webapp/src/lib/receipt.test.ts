/** The share-or-save helper and the receipt names, without a page around them. */
import { maskAccountNumber } from './mask'
import { receiptFileName, receiptPath, shareOrSave } from './receipt'

let clicked: string[] = []

beforeEach(() => {
  clicked = []
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:receipt')
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download)
  })
})

afterEach(() => {
  delete (navigator as { canShare?: unknown }).canShare
  delete (navigator as { share?: unknown }).share
})

const png = () => new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' })

describe('shareOrSave', () => {
  it('downloads when the browser has no navigator.canShare', async () => {
    expect(await shareOrSave(png(), 'r.png', 'Receipt')).toBe('downloaded')
    expect(clicked).toEqual(['r.png'])
  })

  it('downloads when the browser cannot share files', async () => {
    const share = vi.fn()
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: () => false })
    Object.defineProperty(navigator, 'share', { configurable: true, value: share })
    expect(await shareOrSave(png(), 'r.png', 'Receipt')).toBe('downloaded')
    expect(share).not.toHaveBeenCalled()
    expect(clicked).toEqual(['r.png'])
  })

  it('treats a closed share sheet as the customer’s choice: nothing is downloaded', async () => {
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: () => true })
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: () => Promise.reject(new DOMException('Share canceled', 'AbortError')),
    })
    expect(await shareOrSave(png(), 'r.png', 'Receipt')).toBe('cancelled')
    expect(clicked).toEqual([])
  })

  it('saves the file when sharing is refused for another reason', async () => {
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: () => true })
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: () => Promise.reject(new DOMException('No user gesture', 'NotAllowedError')),
    })
    expect(await shareOrSave(png(), 'r.png', 'Receipt')).toBe('downloaded')
    expect(clicked).toEqual(['r.png'])
  })
})

describe('receipt names', () => {
  it('builds the receipt path and a file name from the reference', () => {
    expect(receiptPath('7f3a9c21e0b44c1d9a2e5b6c7d8e9f01')).toBe('/api/ibanking/personal/transactions/7f3a9c21e0b44c1d9a2e5b6c7d8e9f01/receipt')
    expect(receiptFileName('7f3a9c21e0b44c1d9a2e5b6c7d8e9f01', 'pdf')).toBe('kobo-receipt-7f3a9c21e0b44c1d9a2e5b6c7d8e9f01.pdf')
    expect(receiptFileName('a/b c', 'png')).toBe('kobo-receipt-a_b_c.png')
  })

  it('masks a NUBAN and leaves phone and meter numbers whole', () => {
    expect(maskAccountNumber('0123456789')).toBe('012****789')
    expect(maskAccountNumber('08031234567')).toBe('08031234567')
    expect(maskAccountNumber(null)).toBe('')
  })
})
