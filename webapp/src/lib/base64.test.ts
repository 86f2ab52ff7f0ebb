import { decodeBase64, encodeBase64, verifyEmailPath } from './base64'
import { accountOwnerPayload, newUserPayload } from '../features/registration/payload'
import { fieldErrorsOf } from '../api/fieldErrors'
import { MOCK_ENUMS } from '../features/registration/mocks'

describe('base64 of identifiers', () => {
  it('round-trips e-mail addresses and phone numbers', () => {
    for (const text of ['ngozi.adebayo@example.com', '08099900001', 'ọlá@example.com']) {
      expect(decodeBase64(encodeBase64(text))).toBe(text)
    }
    expect(encodeBase64('ada@example.com')).toBe('YWRhQGV4YW1wbGUuY29t')
  })

  it('reads URL-safe text, missing padding and a "+" that came back as a space', () => {
    const standard = encodeBase64('xx>>?@example.com') // contains "+"
    expect(standard).toContain('+')
    expect(decodeBase64(standard.replace('+', ' '))).toBe('xx>>?@example.com')
    expect(decodeBase64(standard.replace('+', '-'))).toBe('xx>>?@example.com')
    expect(decodeBase64('MDgwOTk5MDAwMDE')).toBe('08099900001')
  })

  it('gives null for anything that is not base64 of text', () => {
    expect(decodeBase64(null)).toBeNull()
    expect(decodeBase64('')).toBeNull()
    expect(decodeBase64('not base64!')).toBeNull()
    expect(decodeBase64('A')).toBeNull()
    expect(decodeBase64(btoa('\xff\xfe'))).toBeNull()
  })

  it('builds the /verify-email path with the address encoded', () => {
    expect(verifyEmailPath('ada@example.com')).toBe('/verify-email?email=YWRhQGV4YW1wbGUuY29t')
    const path = verifyEmailPath('xx>>?@example.com')
    expect(decodeBase64(new URLSearchParams(path.split('?')[1]).get('email'))).toBe('xx>>?@example.com')
  })
})

describe('registration payloads', () => {
  const password = { password: 'Kobo@2026!', confirmPassword: 'Kobo@2026!' }

  it('drops empty values from the account-owner payload', () => {
    expect(accountOwnerPayload({ accountNUBAN: '1020000414', bvn: '', phoneNumber: '  ', email: 'm@x.com' }, password)).toEqual({
      registrationType: 'ACCOUNT_OWNER',
      accountNUBAN: '1020000414',
      email: 'm@x.com',
      ...password,
    })
  })

  it('sends the new user as NEW with the client type from the enumerations', () => {
    const body = newUserPayload(
      {
        firstName: ' Ngozi ',
        lastName: 'Adebayo',
        email: 'n@x.com',
        phoneNumber: '08099900001',
        dateOfBirth: '14/03/1995',
        bvn: '22299900001',
        gender: 'FEMALE',
        stateOfResidence: 'Lagos',
        address: '1 Marina',
        employmentStatus: 'EMPLOYED',
        maritalStatus: 'SINGLE',
        accountTypeId: 1,
      },
      password,
      MOCK_ENUMS,
    )
    expect(body).toMatchObject({ firstName: 'Ngozi', dateOfBirth: '14/03/1995', clientType: 'INDIVIDUAL', registrationType: 'NEW' })
  })

  it('reads field errors out of a problem body and ignores anything else', () => {
    const errors = [{ field: 'email', message: 'An account with this email already exists' }]
    expect(fieldErrorsOf({ status: 409, body: { detail: 'x', errors } })).toEqual(errors)
    expect(fieldErrorsOf({ status: 400, body: { errors: [{ field: 1 }, 'x'] } })).toEqual([])
    expect(fieldErrorsOf({ status: 'FETCH_ERROR' })).toEqual([])
  })
})
