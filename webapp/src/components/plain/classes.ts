/** The class names that are set, joined (antd's `clsx`, for the plain components). */
export function classes(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ')
}
