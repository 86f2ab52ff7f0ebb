/**
 * Checks a response against the BFF's OpenAPI document (src/api/openapi.json, generated from
 * the BFF by `python -m bff openapi`) with ajv, the document's own JSON Schemas doing the work.
 *
 * One deliberate tightening: an object schema that does not say otherwise is closed
 * (`additionalProperties: false`), so a mock that answers a field the BFF does not have fails,
 * not only one that misses a field.
 */
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { OPENAPI, documentedPath, operationOf as documentedOperation, type Operation, type OpenApiDocument, type ResponseSpec } from '../mocks/forcing/openapiRoutes'

type Json = unknown

const DOCUMENT_ID = 'kobo-openapi'

function closeObjects(node: Json): Json {
  if (Array.isArray(node)) return node.map(closeObjects)
  if (node === null || typeof node !== 'object') return node
  const copy: Record<string, Json> = {}
  for (const [key, value] of Object.entries(node)) copy[key] = closeObjects(value)
  if ('properties' in copy && !('additionalProperties' in copy)) copy.additionalProperties = false
  return copy
}

const document = closeObjects(OPENAPI) as OpenApiDocument
const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats(ajv)
ajv.addSchema({ ...(document as object), $id: DOCUMENT_ID })

export function operationOf(method: string, pathname: string): Operation | null {
  return documentedOperation(method, pathname, document)
}

/** The declared response for a status: exact, else its range (`4XX`), else `default`. */
export function declaredResponse(operation: Operation, status: number): { key: string; spec: ResponseSpec } | null {
  for (const key of [String(status), `${String(status)[0]}XX`, 'default']) {
    const spec = operation.responses[key]
    if (spec) return { key, spec }
  }
  return null
}

export interface ContractCheck {
  /** What is wrong, or an empty list. */
  problems: string[]
}

/**
 * Checks one answer: its status must be declared for the operation (the BFF declares every
 * refusal it can send), its media type too, and its body must fit that status's schema.
 */
export function checkResponse(method: string, pathname: string, status: number, contentType: string, body: Json): ContractCheck {
  const where = `${method.toUpperCase()} ${pathname} → ${status}`
  const operation = operationOf(method, pathname)
  if (!operation) return { problems: [`${where}: no such operation in openapi.json`] }
  const declared = declaredResponse(operation, status)
  if (!declared) return { problems: [`${where}: status not declared by openapi.json`] }
  const content = declared.spec.content
  if (!content) {
    return { problems: body === null ? [] : [`${where}: the document declares no body`] }
  }
  const mediaType = contentType.split(';')[0].trim()
  const media = content[mediaType] ?? (mediaType.endsWith('json') ? content['application/json'] ?? content['application/problem+json'] : undefined)
  if (!media) {
    return { problems: [`${where}: content type ${mediaType} not declared (${Object.keys(content).join(', ')})`] }
  }
  if (!media.schema || !mediaType.endsWith('json')) return { problems: [] }
  const pointer = `#/paths/${escapePointer(documentedPath(pathname)!)}/${method.toLowerCase()}/responses/${escapePointer(declared.key)}/content/${escapePointer(Object.keys(content).find((k) => content[k] === media)!)}/schema`
  const validate = ajv.getSchema(`${DOCUMENT_ID}${pointer}`)
  if (!validate) return { problems: [`${where}: cannot compile ${pointer}`] }
  if (validate(body)) return { problems: [] }
  const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` '${String(e.params.additionalProperty)}'` : ''}`)
  return { problems: [`${where}: ${errors.join('; ')}`] }
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1')
}
