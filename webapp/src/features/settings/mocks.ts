/**
 * Mock routes for settings: change password (without `otp` the form is checked and a code
 * "sent" (202); with 123456 it is changed), limits per account and transfer type under the
 * KYC level's ceiling (a raise waits out a day, docs/contract.md §16.4), and switching the
 * second factor (every code is 123456).
 */
import { http, HttpResponse } from 'msw'
import { MOCK_PASSWORD } from '../../mocks/personas'
import { INVALID_OTP, OTP_SENT, awaitCode, codeSent, confirmCode, fieldErrors, problem, required, signedIn } from '../../mocks/session'
import { HOUR, MOCK_OTP, newUuid, type Customer } from '../../mocks/state'
import { PASSKEY_REFUSED, approvalOptions, passkeyApproved, passkeysOf } from '../../mocks/passkeys'

const BASE = '/api/ibanking/personal'
export const MOCK_TOTP_SECRET = 'JBSWY3DPEHPK3PXPKOBOMOCKZZZZAAAA'
const TYPES = { INTRA_BANK: 'Kobo to Kobo transfers', OTHER_BANK: 'Transfers to other banks', BILL_PAYMENT: 'Bills and airtime' }
/** Naira a day and per transaction, by KYC level. */
const CEILINGS = [[50_000, 20_000], [50_000, 20_000], [200_000, 100_000], [5_000_000, 1_000_000]]
/** `dd-mm-yyyy hh:mm WAT`, as the BFF writes a time in a sentence. */
function watTime(at: Date): string {
  const part = (type: string, parts: Intl.DateTimeFormatPart[]) => parts.find((p) => p.type === type)!.value
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at)
  return `${part('day', parts)}-${part('month', parts)}-${part('year', parts)} ${part('hour', parts)}:${part('minute', parts)} WAT`
}

/** The limits in force on one row, a raise that came due applied. */
function limitsOf(c: Customer, key: string) {
  const own = c.limits[key]
  if (own?.raise && own.raise.from <= Date.now()) c.limits[key] = { daily: own.raise.daily, single: own.raise.single }
  return c.limits[key]
}

/** A QR-looking picture (the real one comes from the BFF). */
const QR = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 7 7"><path d="M0 0h3v3H0zM4 0h3v3H4zM0 4h3v3H0zM4 4h1v1H4zM6 6h1v1H6z"/></svg>')}`

export const settingsHandlers = [
  http.patch(`${BASE}/password`, signedIn(({ c, body }) => {
    if (body.oldPassword !== MOCK_PASSWORD) return fieldErrors([{ field: 'oldPassword', message: 'Your old password is incorrect' }])
    if (body.otp == null) return HttpResponse.json(codeSent(c), { status: 202 })
    if (body.otp !== MOCK_OTP) return fieldErrors([{ field: 'otp', message: INVALID_OTP }])
    return HttpResponse.json({ message: 'Password changed successfully' })
  })),

  http.get(`${BASE}/transaction-limits`, signedIn(({ c }) => {
    const [daily, single] = CEILINGS[c.kycLevel] ?? CEILINGS[0]
    return HttpResponse.json(c.accounts.filter((a) => a.status === 'ACTIVE').flatMap((a) =>
      Object.entries(TYPES).map(([transferType, transferTypeName]) => {
        const own = limitsOf(c, `${a.accountNumber}:${transferType}`)
        return {
          productName: `${a.accountTypeName} (${a.accountNumber})`, transferType, transferTypeName, nuban: a.accountNumber,
          dailyLimit: Math.min(own?.daily ?? daily, daily), limitPerTransaction: Math.min(own?.single ?? single, single),
          maximumDailyLimit: daily, maximumLimitPerTransaction: single, transactionLimitUuid: own ? newUuid() : null,
          raiseFrom: own?.raise ? watTime(new Date(own.raise.from)) : null,
          raisedDailyLimit: own?.raise?.daily ?? null,
          raisedLimitPerTransaction: own?.raise?.single ?? null,
        }
      })))
  })),

  http.post(`${BASE}/transaction-limits`, signedIn(({ c, persona, body }) => {
    const missing = ['dailyTransactionLimit', 'singleTransactionLimit', 'nuban'].filter((f) => body[f] == null || body[f] === '')
    if (missing.length) return required(...missing)
    if (body.singleTransactionLimit > body.dailyTransactionLimit) {
      return fieldErrors([{ field: 'singleTransactionLimit', message: 'Maximum amount per transaction cannot exceed the daily limit' }])
    }
    const uuid = newUuid()
    awaitCode(c, uuid, () => {
      // Lower at once; higher after a day, the lower of old and new meanwhile (§16.4).
      const [ceilingDaily, ceilingSingle] = CEILINGS[c.kycLevel] ?? CEILINGS[0]
      const daily = Number(body.dailyTransactionLimit)
      const single = Number(body.singleTransactionLimit)
      const from = Date.now() + 24 * HOUR
      let raised = false
      for (const type of body.transferType ? [body.transferType] : Object.keys(TYPES)) {
        const key = `${body.nuban}:${type}`
        const now = limitsOf(c, key) ?? { daily: ceilingDaily, single: ceilingSingle }
        const raise = daily > now.daily || single > now.single
        raised ||= raise
        c.limits[key] = { daily: Math.min(daily, now.daily), single: Math.min(single, now.single), ...(raise ? { raise: { daily, single, from } } : {}) }
      }
      const message = raised
        ? `Transaction limit edited successfully. The higher limit applies from ${watTime(new Date(from))}: a raise waits, so that nobody who gets into your profile can raise your limits and send at once.`
        : 'Transaction limit edited successfully'
      return HttpResponse.json({ message })
    })
    return HttpResponse.json({ nuban: body.nuban, transactionLimitUuid: uuid, ...codeSent(c), passkeyApproval: passkeysOf(persona.key).length > 0 })
  })),

  http.post(`${BASE}/transaction-limits/passkey-options`, signedIn(({ c, persona, body }) =>
    c.awaiting.has(String(body.transactionLimitUuid))
      ? approvalOptions(persona.key)
      : problem(400, 'This limit change has expired. Please set the limit again.', 'Bad Request'),
  )),

  http.post(`${BASE}/transaction-limits/confirm`, signedIn(({ c, body }) => {
    const gone = () => problem(400, 'This limit change has expired. Please set the limit again.', 'Bad Request')
    if (body.otp && body.passkey) return problem(400, 'Approve with either a code or a passkey, not both.', 'Bad Request')
    if (!body.passkey) return confirmCode(c, body.transactionLimitUuid, body.otp, gone)
    // A passkey approval: the mock trusts the browser (the BFF checks the signature).
    if (!passkeyApproved(body)) return problem(400, PASSKEY_REFUSED, 'Bad Request')
    return confirmCode(c, body.transactionLimitUuid, MOCK_OTP, gone)
  })),

  http.get(`${BASE}/2fa/type`, signedIn(({ c }) => HttpResponse.json({ twoFactorAuthenticationType: c.twoFactor }))),
  http.get(`${BASE}/2fa/google-authenticator/generate`, signedIn(({ c }) => {
    const current = c.twoFactor === 'GOOGLE_AUTHENTICATOR' ? 'the code from your current authenticator' : 'the OTP we sent to your email & phone number'
    return HttpResponse.json({ image: QR, secretCode: MOCK_TOTP_SECRET, message: `Scan the QR code with Google Authenticator (or type the setup code), then enter the code it shows and ${current}.` })
  })),
  http.get(`${BASE}/2fa/otp-authentication/generate`, signedIn(() => HttpResponse.json({ message: OTP_SENT }))),

  http.post(`${BASE}/2fa/change/passkey-options`, signedIn(({ persona }) => approvalOptions(persona.key))),

  ...(['GOOGLE_AUTHENTICATOR', 'OTP_AUTHENTICATION'] as const).map((target) =>
    http.post(`${BASE}/2fa/${target === 'GOOGLE_AUTHENTICATOR' ? 'google-authenticator' : 'otp-authentication'}/confirm`, signedIn(({ c, body }) => {
      const needsCurrent = c.twoFactor === 'GOOGLE_AUTHENTICATOR' || target === 'GOOGLE_AUTHENTICATOR'
      if (body.currentCode && body.passkey) return problem(400, 'Approve with either a code or a passkey, not both.', 'Bad Request')
      // A passkey stands in for the current method's code (the mock trusts the browser).
      if (body.passkey && !passkeyApproved(body)) return problem(400, PASSKEY_REFUSED, 'Bad Request')
      const current = body.passkey ? MOCK_OTP : body.currentCode
      if (needsCurrent && !current) return fieldErrors([{ field: 'currentCode', message: "Enter the code that confirms it's you" }])
      if (body.code !== MOCK_OTP || (needsCurrent && current !== MOCK_OTP)) return problem(400, INVALID_OTP, 'Bad Request')
      c.twoFactor = target
      return HttpResponse.json({ message: target === 'GOOGLE_AUTHENTICATOR' ? 'Google Authenticator set as 2fa successfully' : 'Otp set as 2fa successfully' })
    })),
  ),
]
