/**
 * Facts the mocks share with the simulator, read from the same fixture files so they
 * cannot drift: Kobo's NIBSS code and every bank's name (fixtures/banks.json), the
 * account products (fixtures/account_types.json).
 */
import banksFixture from '../../../fixtures/banks.json'
import accountTypesFixture from '../../../fixtures/account_types.json'

export interface MockBank {
  institutionCode: string
  institutionName: string
}

export const BANKS: MockBank[] = banksFixture.banks
/** Kobo's own institution code (090605). */
export const KOBO_CODE: string = banksFixture.ownInstitutionCode

export function bankNameOf(code: string): string | null {
  return BANKS.find((b) => b.institutionCode === code)?.institutionName ?? null
}

export const KOBO_BANK_NAME = bankNameOf(KOBO_CODE)!

/** The core's account products, `{ id, name }` as the BFF lists them. */
export const ACCOUNT_TYPES: { id: number; name: string }[] = accountTypesFixture.accountTypes.map(({ id, name }) => ({ id, name }))

export function accountTypeName(id: number): string {
  return ACCOUNT_TYPES.find((t) => t.id === id)?.name ?? ACCOUNT_TYPES[0].name
}
