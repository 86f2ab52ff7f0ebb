// The morning rush at passkey speed (issue 57): autocannon drives the journey, and its
// per-request hooks do what the phone does between requests: sign the challenge.
//
// Each connection is one bench customer, with its own passkey, again and again:
//   1. POST …/passkey/options (the challenge)
//   2. POST …/passkey/sign-in (the assertion, signed here; the session)
//   3. GET /api/client-summary (the dashboard)
//   4. GET …/transactions, the first page of history
//   5. POST …/logout
// One journey at a time per customer (pipelining 1), so the sign count only grows.
// A step that answers wrong starts the journey again; autocannon counts answers of 400 or
// more, socket errors and time-outs itself, this script the journeys that ended wrong.
//
// Environment (set by bench/autocannon.py):
//   KOBO_AC_URL, KOBO_AC_CLIENTS, KOBO_AC_SECONDS, KOBO_AC_ORIGIN
//   KOBO_AC_CUSTOMERS  a JSON file: [{email, credentialId, privateKeyPem, userHandle,
//                      signCount, device}]; rewritten at the end with each customer's sign
//                      count and device cookie, for the next run
//   KOBO_AC_START, KOBO_AC_END  the history page's dates (dd-mm-yyyy)
// Prints one line: KOBO-AUTOCANNON {…}, in the keys of kobo.lua's KOBO-WRK line.
import { readFileSync, writeFileSync } from 'node:fs'
import autocannon from 'autocannon'
import { Passkey } from './webauthn.mjs'

const env = process.env
const url = env.KOBO_AC_URL
const clients = Number(env.KOBO_AC_CLIENTS)
const seconds = Number(env.KOBO_AC_SECONDS)
const origin = env.KOBO_AC_ORIGIN
const customersFile = env.KOBO_AC_CUSTOMERS
const TIMEOUT_S = 10

const customers = JSON.parse(readFileSync(customersFile, 'utf8'))
const passkeys = customers.map((c) => new Passkey(c))

const SIGN_IN = '/auth/ibanking/personal'
const HISTORY = `/api/ibanking/personal/transactions?startDate=${env.KOBO_AC_START}` +
  `&endDate=${env.KOBO_AC_END}&size=10`
const JSON_BODY = { 'Content-Type': 'application/json' }
// What a browser sends with every API call: the answers then cost their compression too.
const GZIP = { 'Accept-Encoding': 'gzip' }

const stepNames = []
const stepTimes = {}
const latencies = []
let journeys = 0
let failures = 0
const firstFailures = []

function timed (name, ms) {
  if (!stepTimes[name]) {
    stepTimes[name] = []
    stepNames.push(name)
  }
  stepTimes[name].push(ms)
}

// The steps of one customer's journey, with that customer's state in the closure.
function journeyOf (index) {
  const me = customers[index]
  const passkey = passkeys[index]
  const state = { failed: false, begun: 0, sent: 0, options: null, session: null }
  const cookie = () => (me.device ? { Cookie: `kobo_device=${me.device}` } : {})
  const bearer = (extra) => ({ Authorization: `Bearer ${state.session}`, ...extra })

  function fail (why) {
    failures += 1
    state.failed = true
    if (firstFailures.length < 3) firstFailures.push(why)
  }
  // A step's request, unless an earlier step went wrong: then null, and autocannon starts
  // the journey again from its first step.
  function step (build) {
    return (request) => {
      if (state.failed) return null
      state.sent = performance.now()
      return build(request)
    }
  }
  // A step's answer: timed; a status of 400 or more is autocannon's error, not counted again.
  function answer (name, check) {
    return (status, body, context, headers) => {
      timed(name, performance.now() - state.sent)
      if (status >= 400) {
        state.failed = true
        if (firstFailures.length < 3) firstFailures.push(`${name}: ${status} ${body.slice(0, 120)}`)
        return
      }
      check(status, body, headers)
    }
  }

  return [
    {
      method: 'POST',
      path: `${SIGN_IN}/passkey/options`,
      setupRequest: (request) => {
        state.failed = false
        state.begun = state.sent = performance.now()
        return { ...request, headers: { ...JSON_BODY, 'Content-Length': '0' } }
      },
      onResponse: answer('passkey: the challenge', (status, body) => {
        try {
          state.options = JSON.parse(body).options
        } catch {
          state.options = null
        }
        if (!state.options || !state.options.challenge) fail(`options answered: ${body.slice(0, 120)}`)
      })
    },
    {
      method: 'POST',
      path: `${SIGN_IN}/passkey/sign-in`,
      setupRequest: step((request) => {
        const credential = passkey.assertion(state.options, origin)
        const body = JSON.stringify({ credential, remember: false })
        return { ...request, headers: { ...JSON_BODY, ...cookie() }, body }
      }),
      onResponse: answer('passkey: assertion checked, session opened', (status, body, headers) => {
        const found = /"accessToken":"([^"]+)"/.exec(body)
        state.session = found ? found[1] : null
        if (!state.session) fail(`sign-in answered: ${status} ${body.slice(0, 120)}`)
        const setCookie = [].concat(headers['set-cookie'] || headers['Set-Cookie'] || [])
        for (const line of setCookie) {
          const device = /kobo_device=([^;]+)/.exec(line)
          if (device) me.device = device[1]
        }
      })
    },
    {
      method: 'GET',
      path: '/api/client-summary',
      setupRequest: step((request) => ({ ...request, headers: bearer(GZIP) })),
      onResponse: answer('dashboard (GET /api/client-summary)', () => {})
    },
    {
      method: 'GET',
      path: HISTORY,
      setupRequest: step((request) => ({ ...request, headers: bearer(GZIP) })),
      onResponse: answer('history, first page', () => {})
    },
    {
      method: 'POST',
      path: `${SIGN_IN}/logout`,
      setupRequest: step((request) => ({ ...request, headers: { ...bearer(), 'Content-Length': '0' } })),
      onResponse: answer('sign-out', () => {
        journeys += 1
        latencies.push(performance.now() - state.begun)
      })
    }
  ]
}

function percentile (sorted, p) {
  if (!sorted.length) return null
  const rank = Math.min(Math.floor(sorted.length * p / 100), sorted.length - 1)
  return sorted[rank]
}

let nextCustomer = 0
const began = performance.now()
const result = await autocannon({
  url,
  connections: clients,
  duration: seconds,
  timeout: TIMEOUT_S,
  pipelining: 1,
  // Each connection takes the next customer: its own passkey, one journey at a time.
  setupClient: (client) => {
    client.setRequests(journeyOf(nextCustomer++ % customers.length))
  },
  // A placeholder: setupClient gives each connection its own customer's steps.
  requests: [{ method: 'GET', path: '/health' }]
})
const elapsed = (performance.now() - began) / 1000

writeFileSync(customersFile, JSON.stringify(customers.map((c, i) => (
  { ...c, signCount: passkeys[i].signCount }
))))

latencies.sort((a, b) => a - b)
const steps = stepNames.map((name) => {
  const values = stepTimes[name].sort((a, b) => a - b)
  return { step: name, count: values.length, p50_ms: percentile(values, 50), p99_ms: percentile(values, 99) }
})
const line = {
  workload: 'passkey_journey',
  clients,
  seconds: elapsed,
  operations: journeys,
  requests: result.requests.total,
  throughput: journeys / elapsed,
  p50_ms: percentile(latencies, 50),
  p99_ms: percentile(latencies, 99),
  // autocannon counts socket errors and time-outs together as `errors`, time-outs also alone.
  connect_errors: result.errors - result.timeouts,
  read_errors: 0,
  write_errors: 0,
  non_2xx: result.non2xx,
  timeouts: result.timeouts,
  failures,
  first_failures: firstFailures,
  steps
}
process.stdout.write(`KOBO-AUTOCANNON ${JSON.stringify(line)}\n`)
