/** Form rules shared by the bill panels (docs/contract.md §11.2). */
import { REQUIRED } from '../../../lib/validation'
import { MOBILE_NUMBER_LENGTH } from '../texts'

export const digitsOnly = (value: string | undefined) => (value ?? '').replace(/\D/g, '')

export const requiredRule = { required: true, message: REQUIRED }

export const mobileNumberRules = [
  requiredRule,
  {
    validator: (_: unknown, value: string | undefined) =>
      !value || value.length === 11 ? Promise.resolve() : Promise.reject(new Error(MOBILE_NUMBER_LENGTH)),
  },
]
