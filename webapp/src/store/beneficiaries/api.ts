import type { Endpoint } from '../../api/client'
import type { MessageResponse } from '../../api/accountTypes'
import type { ApprovalCodeSent, PasskeyOptions } from '../../api/types'
import type { Beneficiary, BeneficiaryCreated, CreateBeneficiaryRequest } from './types'

export const beneficiariesEndpoint = (): Endpoint<Beneficiary[]> => ({ method: 'GET', path: '/api/beneficiaries' })

/** Without `otp` the server checks the details and sends a code (202); with it, it saves (201). */
export const createBeneficiaryEndpoint = (
  body: CreateBeneficiaryRequest,
): Endpoint<BeneficiaryCreated | ApprovalCodeSent> => ({
  method: 'POST',
  path: '/api/beneficiaries',
  body,
})

/** The passkey request options that save this beneficiary (these details) and no other. */
export const beneficiaryPasskeyOptionsEndpoint = (body: CreateBeneficiaryRequest): Endpoint<PasskeyOptions> => ({
  method: 'POST',
  path: '/api/beneficiaries/passkey-options',
  body,
})

export const deleteBeneficiaryEndpoint = (id: number): Endpoint<MessageResponse> => ({
  method: 'DELETE',
  path: `/api/beneficiaries/${id}`,
})
