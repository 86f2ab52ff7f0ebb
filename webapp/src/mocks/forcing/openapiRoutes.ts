/**
 * The BFF's OpenAPI document (src/api/openapi.json) by concrete request: which documented
 * path and operation a request is. Used by the contract check of the mocks and by the
 * "empty" forced outcome, which answers the documented shape with nothing in it.
 */
import openapi from '../../api/openapi.json'

export type JsonSchema = Record<string, unknown>
export interface MediaType {
  schema?: JsonSchema
}
export interface ResponseSpec {
  content?: Record<string, MediaType>
}
export interface Operation {
  responses: Record<string, ResponseSpec>
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, JsonSchema> }
}

export const OPENAPI = openapi as unknown as OpenApiDocument

const routes = Object.keys(OPENAPI.paths)
  .map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\\{[^}]+\\\}|\{[^}]+\}/g, '[^/]+')}$`),
    // Literal segments first: `/api/transfer/banks` wins over `/api/transfer/{id}`.
    specificity: template.split('/').filter((s) => s && !s.startsWith('{')).length,
  }))
  .sort((a, b) => b.specificity - a.specificity)

export function documentedPath(pathname: string): string | null {
  return routes.find((r) => r.pattern.test(pathname))?.template ?? null
}

export function operationOf(method: string, pathname: string, document: OpenApiDocument = OPENAPI): Operation | null {
  const template = documentedPath(pathname)
  return template ? (document.paths[template]?.[method.toLowerCase()] ?? null) : null
}

/** A `$ref` to a component, followed. */
export function resolve(schema: JsonSchema): JsonSchema {
  const ref = schema.$ref
  return typeof ref === 'string' ? (OPENAPI.components.schemas[ref.split('/').pop()!] ?? schema) : schema
}
