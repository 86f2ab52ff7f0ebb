/**
 * Mock routes for saved beneficiaries. Saving takes two calls, as on the BFF: without
 * `otp` the name is looked up and a code "sent" (202); with 123456 it is saved (201).
 */
import { http, HttpResponse } from 'msw'
import { bankNameOf } from '../../mocks/personas'
import { INVALID_OTP, codeSent, fieldErrors, notFound, problem, required, signedIn } from '../../mocks/session'
import { MOCK_OTP, accountName, nextId } from '../../mocks/state'

export const beneficiariesHandlers = [
  http.get('/api/beneficiaries', signedIn(({ c }) => HttpResponse.json(c.beneficiaries))),
  http.get('/api/beneficiaries/:id', signedIn(({ c, params }) => {
    const found = c.beneficiaries.find((b) => b.id === Number(params.id))
    return found ? HttpResponse.json(found) : notFound('Beneficiary')
  })),

  http.post('/api/beneficiaries', signedIn(({ c, body }) => {
    if (!body.beneficiaryName?.trim()) return required('beneficiaryName')
    const name = accountName(body.bankCode, String(body.accountNumber ?? '').trim())
    if (!name) return fieldErrors([{ field: 'accountNumber', message: 'Invalid account details' }])
    if (body.otp == null) return HttpResponse.json(codeSent(c), { status: 202 })
    if (body.otp !== MOCK_OTP) return problem(400, INVALID_OTP, 'Bad Request')
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
