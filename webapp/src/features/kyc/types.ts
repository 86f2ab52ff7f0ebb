/** Wire types of the KYC calls, from the BFF's OpenAPI document (src/api/schema.d.ts). */
import type { components } from '../../api/schema'

type Schemas = components['schemas']

export type KycStatusResponse = Schemas['KycStatusOut']
export type KycLevelStatus = Schemas['LevelStatusOut']
export type KycBiodata = Schemas['BiodataOut']
export type KycDocument = Schemas['KycDocumentOut']
export type KycLevelRequest = Schemas['LevelIn']

/** The three levels (spec part 2, section 9). */
export type KycLevel = 1 | 2 | 3
/** A level's review state (spec part 2, section 4); null until something is submitted. */
export type KycReview = 'pending' | 'approved' | 'declined'
