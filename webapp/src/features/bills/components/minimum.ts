/** A form rule for the least amount a biller takes (the BFF checks it too). */
export function minimumRule(minimum: number, message: string) {
  return {
    validator: (_: unknown, value: number | null | undefined) =>
      value === null || value === undefined || !(value > 0) || value >= minimum ? Promise.resolve() : Promise.reject(new Error(message)),
  }
}
