import { parseBulkCsv, splitCsvLine } from './bulkCsv'

describe('bulk CSV', () => {
  it('reads account, bank code, amount and narration, skipping a header and blank lines', () => {
    const text = 'account,bank code,amount,narration\r\n1020000218,090605,2500.50,Lunch\n\n9000000014,000013,10000,Rent share\n'
    expect(parseBulkCsv(text)).toEqual({
      rows: [
        { accountNumber: '1020000218', bankCode: '090605', amount: 2500.5, description: 'Lunch' },
        { accountNumber: '9000000014', bankCode: '000013', amount: 10000, description: 'Rent share' },
      ],
      errors: [],
    })
  })

  it('takes an empty bank code as Kobo, quoted fields with commas, naira signs and thousands separators', () => {
    const { rows, errors } = parseBulkCsv('1020000218,,"₦1,250.00","School fees, term 1"')
    expect(errors).toEqual([])
    expect(rows).toEqual([{ accountNumber: '1020000218', bankCode: '090605', amount: 1250, description: 'School fees, term 1' }])
  })

  it('reports each bad line by number and keeps the good ones', () => {
    const text = ['12345,090605,100,short', '1020000218,090605,abc,x', '1020000218,090605,0,x', '1020000218,090605,1.234,x', '1020000218,999999,5,x', '1020000218,090605,5,ok'].join('\n')
    const { rows, errors } = parseBulkCsv(text, ['090605', '000013'])
    expect(rows).toHaveLength(1)
    expect(errors).toEqual([
      'Line 1: Account Number must be 10 characters',
      'Line 2: Amount is required',
      'Line 3: Amount must be greater than zero',
      'Line 4: Amount can have at most 2 decimal places',
      'Line 5: unknown bank code 999999',
    ])
  })

  it('splits on commas, semicolons or tabs and unescapes doubled quotes', () => {
    expect(splitCsvLine('a;b\tc,"say ""hi"""')).toEqual(['a', 'b', 'c', 'say "hi"'])
  })
})
