/**
 * What a developer forced in `dev:mock`: per request kind, a catalogue scenario or one of
 * three generic outcomes. A request kind is a simulator operation (`nip.transfer`), one
 * endpoint (`GET /api/accounts`) or every endpoint (`*`).
 *
 * In the browser the choices live in sessionStorage, so they survive navigation and reloads
 * of the tab (and nothing else); in unit tests they stay in memory.
 */
import { scenarioById } from './catalogue'

export const GENERIC_CHOICES = ['slow', 'empty', 'server-error', 'offline'] as const
export type GenericChoice = (typeof GENERIC_CHOICES)[number]
export const EVERY_ENDPOINT = '*'

export interface Override {
  /** `nip.transfer`, `GET /api/accounts` or `*`. */
  target: string
  /** A catalogue scenario id, or a generic choice. */
  choice: string
}

const STORAGE_KEY = 'kobo.mock.overrides'
/** The URL parameter that forces outcomes: `?scenario=bills.vend.decline-96,slow`. */
export const URL_PARAMETER = 'scenario'

let current: Override[] = []
let persist = false
const listeners = new Set<() => void>()

export const isGenericChoice = (choice: string): choice is GenericChoice => (GENERIC_CHOICES as readonly string[]).includes(choice)

export function overrides(): readonly Override[] {
  return current
}

function save(next: Override[]) {
  current = next
  if (persist) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(current))
  listeners.forEach((listener) => listener())
}

/** One choice per request kind: a new one for the same kind replaces the old. */
export function setOverride(override: Override): void {
  save([...current.filter((o) => o.target !== override.target), override])
}

export function removeOverride(target: string): void {
  save(current.filter((o) => o.target !== target))
}

export function clearOverrides(): void {
  save([])
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * `scenario` ids (comma-separated) as overrides: a catalogue id forces its operation, a
 * generic choice every endpoint. Unknown ids are returned, not applied.
 */
export function overridesFromParameter(value: string): { valid: Override[]; unknown: string[] } {
  const valid: Override[] = []
  const unknown: string[] = []
  for (const id of value.split(',').map((part) => part.trim()).filter(Boolean)) {
    const scenario = scenarioById(id)
    if (scenario) valid.push({ target: scenario.operation, choice: id })
    else if (isGenericChoice(id)) valid.push({ target: EVERY_ENDPOINT, choice: id })
    else unknown.push(id)
  }
  return { valid, unknown }
}

/** Browser start-up: restore this tab's choices, then apply `?scenario=` on top. */
export function startPersistentOverrides(search: string): string[] {
  persist = true
  try {
    current = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '[]') as Override[]
  } catch {
    current = []
  }
  const parameter = new URLSearchParams(search).get(URL_PARAMETER)
  if (!parameter) return []
  const { valid, unknown } = overridesFromParameter(parameter)
  valid.forEach(setOverride)
  return unknown
}
