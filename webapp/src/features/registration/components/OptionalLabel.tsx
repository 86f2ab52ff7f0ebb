/** A field label with the spec's "(Optional)" marker (spec part 1, section 5). */
export function OptionalLabel({ label }: { label: string }) {
  return (
    <span>
      {label} <span className="kobo-optional">(Optional)</span>
    </span>
  )
}
