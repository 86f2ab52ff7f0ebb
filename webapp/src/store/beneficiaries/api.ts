import type { Endpoint } from '../../api/client'
import type { CodeSent, MessageResponse } from '../../api/accountTypes'
import type { Beneficiary, BeneficiaryCreated, CreateBeneficiaryRequest } from './types'

export const beneficiariesEndpoint = (): Endpoint<Beneficiary[]> => ({ method: 'GET', path: '/api/beneficiaries' })

/** Without `otp` the server checks the details and sends a code (202); with it, it saves (201). */
export const createBeneficiaryEndpoint = (
  body: CreateBeneficiaryRequest,
): Endpoint<BeneficiaryCreated | CodeSent> => ({
  method: 'POST',
  path: '/api/beneficiaries',
  body,
})

export const deleteBeneficiaryEndpoint = (id: number): Endpoint<MessageResponse> => ({
  method: 'DELETE',
  path: `/api/beneficiaries/${id}`,
})
