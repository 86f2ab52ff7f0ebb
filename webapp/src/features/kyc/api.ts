import type { Endpoint } from '../../api/client'
import type { MessageResponse } from '../../api/accountTypes'
import type { KycBiodata, KycDocument, KycLevel, KycLevelRequest, KycStatusResponse } from './types'

const BASE = '/api/kyc'

export const kycStatusEndpoint = (): Endpoint<KycStatusResponse> => ({ method: 'GET', path: `${BASE}/status` })

export const kycBiodataEndpoint = (): Endpoint<KycBiodata> => ({ method: 'GET', path: `${BASE}/biodata` })

export const kycDocumentsEndpoint = (): Endpoint<KycDocument[]> => ({
  method: 'GET',
  path: `${BASE}/uploaded-documents`,
})

export const submitKycLevelEndpoint = (level: KycLevel, body: KycLevelRequest): Endpoint<MessageResponse> => ({
  method: 'POST',
  path: `${BASE}/level-${level}`,
  body,
  // Two images of up to 5 MB each may take a while on a slow line.
  ...(level === 3 ? { timeoutMs: 120_000 } : {}),
})
