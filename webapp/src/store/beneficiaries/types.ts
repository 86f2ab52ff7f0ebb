/** Wire types of the beneficiary calls, from the BFF's OpenAPI document (src/api/schema.d.ts). */
import type { components } from '../../api/schema'

type Schemas = components['schemas']

export type Beneficiary = Schemas['BeneficiaryOut']
export type CreateBeneficiaryRequest = Schemas['BeneficiaryIn']
export type BeneficiaryCreated = Schemas['BeneficiaryCreatedOut']
