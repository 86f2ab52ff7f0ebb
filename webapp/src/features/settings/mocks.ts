/**
 * MSW handlers for settings: password (the mock's password is Kobo@2026; as on the BFF,
 * without `otp` the change is checked and a code "sent" (202), with the mock code it is
 * changed (200)),
 * limits per account and transfer type capped by the persona's KYC level,
 * and switching the second factor (every code is 123456 in the mock).
 */
import { http, HttpResponse } from 'msw'
import { MOCK_PASSWORD } from '../../mocks/personas'
import { fieldErrors, personaFromRequest, problem } from '../../mocks/session'
import {
  MOCK_OTP,
  TRANSFER_TYPES,
  TRANSFER_TYPE_NAMES,
  bankOf,
  ceilingOf,
  limitOf,
} from '../accounts/mockBank'
import { INVALID_OTP, OTP_SENT, codeSent, unauthorized } from '../accounts/mocks'
import type { CodeSent, MessageResponse } from '../../api/accountTypes'
import type {
  ChangePasswordRequest,
  GoogleCredentials,
  TransactionLimit,
  TransactionLimitPending,
  TwoFactorType,
} from './types'

const BASE = '/api/ibanking/personal'
export const MOCK_TOTP_SECRET = 'JBSWY3DPEHPK3PXPKOBOMOCKZZZZAAAA'

const badRequest = fieldErrors

const naira = (kobo: number) =>
  `₦${(kobo / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/** A QR-looking picture for the mock (the real one comes from the BFF). */
function fakeQr(): string {
  const cells: string[] = []
  let seed = 7
  for (let y = 0; y < 21; y += 1) {
    for (let x = 0; x < 21; x += 1) {
      seed = (seed * 1103515245 + 12345) % 2147483648
      const finder = (x < 7 && y < 7) || (x > 13 && y < 7) || (x < 7 && y > 13)
      const on = finder ? x % 6 === 0 || y % 6 === 0 || (x % 7 > 1 && x % 7 < 5 && y % 7 > 1 && y % 7 < 5) : seed % 3 === 0
      if (on) cells.push(`<rect x="${x + 2}" y="${y + 2}" width="1" height="1"/>`)
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 25 25" shape-rendering="crispEdges"><rect width="25" height="25" fill="#fff"/><g fill="#000">${cells.join('')}</g></svg>`
  return `data:image/svg+xml;base64,${btoa(svg)}`
}

export const settingsHandlers = [
  http.patch(`${BASE}/password`, async ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const body = (await request.json()) as ChangePasswordRequest
    const errors: { field: string; message: string }[] = []
    if (!body.oldPassword) errors.push({ field: 'oldPassword', message: 'Password is required' })
    const next = body.newPassword ?? ''
    if (next.length < 8) errors.push({ field: 'newPassword', message: 'Password must be at least 8 characters' })
    else if (!/[A-Z]/.test(next) || !/[!@#$%^&*]/.test(next) || !/\d/.test(next)) {
      errors.push({
        field: 'newPassword',
        message: 'Password must contain at least 1 uppercase letter, 1 special character, and 1 number',
      })
    }
    if (!body.confirmPassword) errors.push({ field: 'confirmPassword', message: 'Confirm Password is required' })
    else if (body.confirmPassword !== next) errors.push({ field: 'confirmPassword', message: 'Passwords do not match' })
    if (errors.length) return badRequest(errors)
    if (body.oldPassword !== MOCK_PASSWORD) return badRequest([{ field: 'oldPassword', message: 'Your old password is incorrect' }])
    if (next === body.oldPassword) {
      return badRequest([{ field: 'newPassword', message: 'Your new password must be different from your old password' }])
    }
    if (body.otp == null) return HttpResponse.json<CodeSent>(codeSent(bankOf(persona).twoFactor), { status: 202 })
    if (body.otp !== MOCK_OTP) return badRequest([{ field: 'otp', message: INVALID_OTP }])
    return HttpResponse.json<MessageResponse>({ message: 'Password changed successfully' })
  }),

  http.get(`${BASE}/transaction-limits`, ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const ceiling = ceilingOf(persona)
    const rows: TransactionLimit[] = bankOf(persona)
      .accounts.filter((a) => a.status === 'ACTIVE')
      .flatMap((account) =>
        TRANSFER_TYPES.map((transferType) => {
          const limit = limitOf(persona, account.accountNumber, transferType)
          return {
            productName: `${account.accountTypeName} (${account.accountNumber})`,
            transferType,
            transferTypeName: TRANSFER_TYPE_NAMES[transferType],
            dailyLimit: limit.dailyKobo / 100,
            limitPerTransaction: limit.singleKobo / 100,
            maximumDailyLimit: ceiling.dailyKobo / 100,
            maximumLimitPerTransaction: ceiling.singleKobo / 100,
            nuban: account.accountNumber,
            transactionLimitUuid: limit.uuid,
          }
        }),
      )
    return HttpResponse.json<TransactionLimit[]>(rows)
  }),

  http.post(`${BASE}/transaction-limits`, async ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const body = (await request.json()) as {
      dailyTransactionLimit?: number
      singleTransactionLimit?: number
      nuban?: string
      transferType?: string | null
    }
    const missing = (['dailyTransactionLimit', 'singleTransactionLimit', 'nuban'] as const)
      .filter((f) => body[f] === undefined || body[f] === null || body[f] === '')
      .map((field) => ({ field, message: 'This field is required' }))
    if (missing.length) return badRequest(missing)
    const bank = bankOf(persona)
    if (!bank.accounts.some((a) => a.accountNumber === body.nuban && a.status === 'ACTIVE')) {
      return problem(404, 'Account not found', 'Not Found')
    }
    const daily = Math.round(Number(body.dailyTransactionLimit) * 100)
    const single = Math.round(Number(body.singleTransactionLimit) * 100)
    const ceiling = ceilingOf(persona)
    if (daily > ceiling.dailyKobo) {
      return badRequest([{ field: 'dailyTransactionLimit', message: `The daily limit cannot be above ${naira(ceiling.dailyKobo)} for your KYC level` }])
    }
    if (single > ceiling.singleKobo) {
      return badRequest([
        { field: 'singleTransactionLimit', message: `The amount per transaction cannot be above ${naira(ceiling.singleKobo)} for your KYC level` },
      ])
    }
    if (single > daily) {
      return badRequest([{ field: 'singleTransactionLimit', message: 'Maximum amount per transaction cannot exceed the daily limit' }])
    }
    const uuid = crypto.randomUUID()
    bank.pendingLimits.set(uuid, { nuban: body.nuban!, transferType: body.transferType ?? null, dailyKobo: daily, singleKobo: single })
    return HttpResponse.json<TransactionLimitPending>({ nuban: body.nuban!, transactionLimitUuid: uuid, ...codeSent(bank.twoFactor) })
  }),

  http.post(`${BASE}/transaction-limits/confirm`, async ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const body = (await request.json()) as { otp?: string; nuban?: string; transactionLimitUuid?: string }
    const bank = bankOf(persona)
    const change = bank.pendingLimits.get(String(body.transactionLimitUuid))
    if (!change || change.nuban !== body.nuban) {
      return problem(400, 'This limit change has expired. Please set the limit again.', 'Bad Request')
    }
    if (body.otp !== MOCK_OTP) return problem(400, INVALID_OTP, 'Bad Request')
    bank.pendingLimits.delete(String(body.transactionLimitUuid))
    for (const type of change.transferType ? [change.transferType] : TRANSFER_TYPES) {
      bank.limits.set(`${change.nuban}:${type}`, { dailyKobo: change.dailyKobo, singleKobo: change.singleKobo, uuid: String(body.transactionLimitUuid) })
    }
    return HttpResponse.json<MessageResponse>({ message: 'Transaction limit edited successfully' })
  }),

  http.get(`${BASE}/2fa/type`, ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    return HttpResponse.json<TwoFactorType>({ twoFactorAuthenticationType: bankOf(persona).twoFactor })
  }),

  http.get(`${BASE}/2fa/google-authenticator/generate`, ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    const bank = bankOf(persona)
    bank.pendingTwoFactor = 'GOOGLE_AUTHENTICATOR'
    return HttpResponse.json<GoogleCredentials>({
      image: fakeQr(),
      secretCode: MOCK_TOTP_SECRET,
      message:
        'Scan the QR code with Google Authenticator (or type the setup code), then enter the code it shows' +
        (bank.twoFactor === 'GOOGLE_AUTHENTICATOR'
          ? ' and the code from your current authenticator.'
          : ' and the OTP we sent to your email & phone number.'),
    })
  }),

  http.get(`${BASE}/2fa/otp-authentication/generate`, ({ request }) => {
    const persona = personaFromRequest(request)
    if (!persona) return unauthorized()
    bankOf(persona).pendingTwoFactor = 'OTP_AUTHENTICATION'
    return HttpResponse.json<MessageResponse>({ message: OTP_SENT })
  }),

  ...(['GOOGLE_AUTHENTICATOR', 'OTP_AUTHENTICATION'] as const).map((target) =>
    http.post(`${BASE}/2fa/${target === 'GOOGLE_AUTHENTICATOR' ? 'google-authenticator' : 'otp-authentication'}/confirm`, async ({ request }) => {
      const persona = personaFromRequest(request)
      if (!persona) return unauthorized()
      const bank = bankOf(persona)
      const body = (await request.json()) as { code?: string; currentCode?: string | null }
      const needsCurrent = bank.twoFactor === 'GOOGLE_AUTHENTICATOR' || target === 'GOOGLE_AUTHENTICATOR'
      if (needsCurrent && !body.currentCode) {
        return badRequest([{ field: 'currentCode', message: "Enter the code that confirms it's you" }])
      }
      if (bank.pendingTwoFactor !== target) return problem(400, 'Generate a new QR code and try again.', 'Bad Request')
      if (body.code !== MOCK_OTP || (needsCurrent && body.currentCode !== MOCK_OTP)) {
        return problem(400, INVALID_OTP, 'Bad Request')
      }
      bank.twoFactor = target
      bank.pendingTwoFactor = null
      return HttpResponse.json<MessageResponse>({
        message: target === 'GOOGLE_AUTHENTICATOR' ? 'Google Authenticator set as 2fa successfully' : 'Otp set as 2fa successfully',
      })
    }),
  ),
]
