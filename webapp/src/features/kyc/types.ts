/** Wire types of the KYC calls, from the BFF's OpenAPI document (src/api/schema.d.ts). */
import type { components } from '../../api/schema'

type Schemas = components['schemas']

export type KycStatusResponse = Schemas['KycStatusOut']
export type KycLevelStatus = Schemas['LevelStatusOut']
export type KycBiodata = Schemas['BiodataOut']
export type KycDocument = Schemas['KycDocumentOut']
export type KycLevelRequest = Schemas['LevelIn']

/** The three levels (docs/contract.md §13.1). */
export type KycLevel = 1 | 2 | 3
/** A level's review state (docs/contract.md §13.1); null until something is submitted. */
export type KycReview = 'pending' | 'approved' | 'declined'
