/**
 * MSW handlers for saved beneficiaries, kept per persona in the mock bank. Saving takes two
 * calls, as on the BFF: without `otp` the details are checked and a code "sent" (202); with
 * the mock code (123456) it is saved (201).
 */
import { http, HttpResponse } from 'msw'
import { personaFromRequest, problem } from '../../mocks/session'
import { KOBO_CODE, MOCK_OTP, bankOf, koboName, newBeneficiaryId, otherBankName } from '../accounts/mockBank'
import { INVALID_OTP, codeSent, unauthorized } from '../accounts/mocks'
import { MOCK_BANKS } from '../transfers/mocks'
import type { CodeSent, MessageResponse } from '../../api/accountTypes'
import type { Beneficiary, BeneficiaryCreated, CreateBeneficiaryRequest } from '../../store/beneficiaries/types'

export const beneficiariesHandlers = [
  http.get('/api/beneficiaries', ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    return HttpResponse.json<Beneficiary[]>(bankOf(persona).beneficiaries)
  }),

  http.get('/api/beneficiaries/:id', ({ request, params }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const found = bankOf(persona).beneficiaries.find((b) => b.id === Number(params.id))
    return found ? HttpResponse.json<Beneficiary>(found) : problem(404, 'Beneficiary not found', 'Not Found')
  }),

  http.post('/api/beneficiaries', async ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const body = (await request.json()) as CreateBeneficiaryRequest
    const beneficiaryName = (body.beneficiaryName ?? '').trim()
    const bankCode = (body.bankCode ?? '').trim()
    const accountNumber = (body.accountNumber ?? '').trim()
    if (!beneficiaryName || !bankCode) return problem(400, 'This field is required', 'Bad Request')
    if (!/^\d{10}$/.test(accountNumber)) return problem(400, 'Account Number must be 10 characters', 'Bad Request')
    const bank = MOCK_BANKS.find((b) => b.institutionCode === bankCode)
    // The name is looked up again, as the BFF does.
    const accountName = bankCode === KOBO_CODE ? koboName(accountNumber) : bank ? otherBankName(bankCode, accountNumber) : null
    if (!bank || !accountName) return problem(400, 'Invalid account details', 'Bad Request')
    const list = bankOf(persona).beneficiaries
    if (list.some((b) => b.accountNumber === accountNumber && b.bankCode === bankCode)) {
      return problem(409, 'This beneficiary already exists', 'Conflict')
    }
    if (body.otp == null) return HttpResponse.json<CodeSent>(codeSent(bankOf(persona).twoFactor), { status: 202 })
    if (body.otp !== MOCK_OTP) return problem(400, INVALID_OTP, 'Bad Request')
    const beneficiary: Beneficiary = {
      id: newBeneficiaryId(),
      beneficiaryName,
      bankName: bank.institutionName,
      accountName,
      accountNumber,
      bankCode,
    }
    list.unshift(beneficiary)
    return HttpResponse.json<BeneficiaryCreated>({ message: 'Beneficiary created successfully', beneficiary }, { status: 201 })
  }),

  http.delete('/api/beneficiaries/:id', ({ request, params }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const bank = bankOf(persona)
    const index = bank.beneficiaries.findIndex((b) => b.id === Number(params.id))
    if (index < 0) return problem(404, 'Beneficiary not found', 'Not Found')
    bank.beneficiaries.splice(index, 1)
    return HttpResponse.json<MessageResponse>({ message: 'Deleted successfully' })
  }),
]
