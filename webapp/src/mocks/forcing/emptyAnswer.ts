/**
 * The "empty" forced outcome: a GET answered with the documented success shape and nothing
 * in it (`[]`, or a page with no rows), to see a screen's empty state with any persona.
 */
import { operationOf, resolve, type JsonSchema } from './openapiRoutes'

function emptyOf(schema: JsonSchema): unknown {
  const resolved = resolve(schema)
  if (resolved.type === 'array') return []
  if (resolved.type !== 'object' || typeof resolved.properties !== 'object') return undefined
  const body: Record<string, unknown> = {}
  for (const [name, property] of Object.entries(resolved.properties as Record<string, JsonSchema>)) {
    const type = resolve(property).type
    if (type === 'array') body[name] = []
    else if (type === 'integer' || type === 'number') body[name] = 0
    else return undefined // a field with no empty value: this answer cannot be empty
  }
  return body
}

/** The empty answer of this GET, or undefined when its success answer has no empty form. */
export function emptyAnswer(method: string, pathname: string): unknown {
  if (method.toUpperCase() !== 'GET') return undefined
  const schema = operationOf(method, pathname)?.responses['200']?.content?.['application/json']?.schema
  return schema ? emptyOf(schema) : undefined
}
