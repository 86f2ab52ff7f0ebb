/**
 * Mock routes for saved beneficiaries. Saving takes two calls, as on the BFF: without
 * `otp` the name is looked up and a code "sent" (202); with 123456 it is saved (201), or with
 * a passkey's approval of a registered credential (issue 40; the mock trusts the browser).
 */
import { http, HttpResponse } from 'msw'
import { bankNameOf } from '../../mocks/personas'
import { INVALID_OTP, codeSent, fieldErrors, notFound, problem, required, signedIn } from '../../mocks/session'
import { MOCK_OTP, accountName, nextId } from '../../mocks/state'
import { PASSKEY_REFUSED, approvalOptions, passkeyApproved, passkeysOf } from '../../mocks/passkeys'

export const beneficiariesHandlers = [
  http.get('/api/beneficiaries', signedIn(({ c }) => HttpResponse.json(c.beneficiaries))),
  http.get('/api/beneficiaries/:id', signedIn(({ c, params }) => {
    const found = c.beneficiaries.find((b) => b.id === Number(params.id))
    return found ? HttpResponse.json(found) : notFound('Beneficiary')
  })),

  http.post('/api/beneficiaries/passkey-options', signedIn(({ persona, body }) => {
    if (!body.beneficiaryName?.trim()) return required('beneficiaryName')
    if (!accountName(body.bankCode, String(body.accountNumber ?? '').trim())) return fieldErrors([{ field: 'accountNumber', message: 'Invalid account details' }])
    return approvalOptions(persona.key)
  })),

  http.post('/api/beneficiaries', signedIn(({ c, persona, body }) => {
    if (!body.beneficiaryName?.trim()) return required('beneficiaryName')
    const name = accountName(body.bankCode, String(body.accountNumber ?? '').trim())
    if (!name) return fieldErrors([{ field: 'accountNumber', message: 'Invalid account details' }])
    if (body.otp && body.passkey) return problem(400, 'Approve with either a code or a passkey, not both.', 'Bad Request')
    if (body.otp == null && !body.passkey) return HttpResponse.json({ ...codeSent(c), passkeyApproval: passkeysOf(persona.key).length > 0 }, { status: 202 })
    if (!passkeyApproved(body) && body.otp !== MOCK_OTP) return problem(400, body.passkey ? PASSKEY_REFUSED : INVALID_OTP, 'Bad Request')
    const beneficiary = { id: nextId(), beneficiaryName: body.beneficiaryName.trim(), bankName: bankNameOf(body.bankCode)!, accountName: name, accountNumber: body.accountNumber.trim(), bankCode: body.bankCode }
    c.beneficiaries.unshift(beneficiary)
    return HttpResponse.json({ message: 'Beneficiary created successfully', beneficiary }, { status: 201 })
  })),

  http.delete('/api/beneficiaries/:id', signedIn(({ c, params }) => {
    const index = c.beneficiaries.findIndex((b) => b.id === Number(params.id))
    if (index < 0) return notFound('Beneficiary')
    c.beneficiaries.splice(index, 1)
    return HttpResponse.json({ message: 'Deleted successfully' })
  })),
]
