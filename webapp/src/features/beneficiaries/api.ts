import type { Endpoint } from '../../api/client'
import type { MessageResponse } from '../accounts/types'
import type { Beneficiary, BeneficiaryCreated, CreateBeneficiaryRequest } from './types'

export const beneficiariesEndpoint = (): Endpoint<Beneficiary[]> => ({ method: 'GET', path: '/api/beneficiaries' })

export const createBeneficiaryEndpoint = (body: CreateBeneficiaryRequest): Endpoint<BeneficiaryCreated> => ({
  method: 'POST',
  path: '/api/beneficiaries',
  body,
})

export const deleteBeneficiaryEndpoint = (id: number): Endpoint<MessageResponse> => ({
  method: 'DELETE',
  path: `/api/beneficiaries/${id}`,
})
