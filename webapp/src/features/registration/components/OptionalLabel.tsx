/** A field label with the contract's "(Optional)" marker (docs/contract.md §1.5). */
export function OptionalLabel({ label }: { label: string }) {
  return (
    <span>
      {label} <span className="kobo-optional">(Optional)</span>
    </span>
  )
}
