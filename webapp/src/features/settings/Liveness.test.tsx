/**
 * Confirm it's you (docs/contract.md §16.6): Settings › Security shows the selfie step while a
 * returning profile owes one; jsdom has no camera, so the photo file is the way in, as in a
 * headless browser. Each state: FAILED with the tries left (no match, not live), REFERRED
 * after the third, PASSED; the camera when there is one, the fallback when it is refused.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '../../mocks/server'
import { renderWithProviders, signedInState } from '../../test/renderWithProviders'
import { setOverride } from '../../mocks/forcing/overrides'
import { customerOf } from '../../mocks/state'
import { personas } from '../../mocks/personas'
import { requireSelfie } from '../../mocks/liveness'
import { expectFailure, failWithProblem, restoreHandlers } from '../../test/loadFailures'
import { setUpMoneyTests } from '../transfers/testUtils'

setUpMoneyTests()
vi.setConfig({ testTimeout: 45_000 })

const PATH = '/api/ibanking/personal/liveness'
const ada = personas.find((p) => p.key === 'ada')!
const NO_MATCH = 'We could not match your selfie to your BVN photo. Face the camera in good light, without glasses or a hat, and try again.'
const NOT_LIVE = 'This does not look like a live photo of you. Take a new selfie with your camera, not a photo of a screen or a printed photo, and try again.'

const selfieFile = (type = 'image/jpeg') => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], 'selfie.jpg', { type })

function renderSettings(userEventOptions?: { applyAccept?: boolean }) {
  return renderWithProviders({ route: '/settings', preloadedState: signedInState('ada'), userEventOptions })
}

async function openStep(userEventOptions?: Parameters<typeof renderSettings>[0]) {
  requireSelfie(customerOf(ada))
  const view = renderSettings(userEventOptions)
  const card = await screen.findByTestId('liveness-card')
  expect(within(card).getByText("Confirm it's you")).toBeInTheDocument()
  await view.user.click(within(card).getByRole('button', { name: /Take selfie/ }))
  return { ...view, card }
}

/** One try with a photo file: picked, shown, then sent. */
async function sendPhoto(user: ReturnType<typeof renderSettings>['user'], card: HTMLElement) {
  await user.upload(await within(card).findByLabelText('Selfie photo'), selfieFile())
  expect(await within(card).findByRole('img', { name: 'Your selfie' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/jpeg;base64,/))
  await user.click(within(card).getByRole('button', { name: 'Use this photo' }))
}

afterEach(() => {
  delete (navigator as { mediaDevices?: unknown }).mediaDevices
})

describe("Settings › Security › Confirm it's you", () => {
  it('is not there while nothing is owed', async () => {
    renderSettings()
    await screen.findByTestId('instant-transfers-card')
    await waitFor(() => expect(screen.queryByTestId('liveness-card')).toBeNull())
  })

  it('with no camera offers a photo file (JPEG or PNG, the front camera on a phone), shows it, and passes', async () => {
    const { user, card } = await openStep()
    expect(await within(card).findByText(/^Your camera is not available here/)).toBeInTheDocument()
    const input = within(card).getByLabelText('Selfie photo')
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png')
    expect(input).toHaveAttribute('capture', 'user')
    await sendPhoto(user, card)
    expect(await within(card).findByText('Thank you. Your selfie matches your BVN photo.')).toBeInTheDocument()
    expect(within(card).getByText('Selfie confirmed')).toBeInTheDocument()
  })

  it('a failed try says why and how many tries are left, and the next can pass', async () => {
    setOverride({ target: 'identity.liveness', choice: 'identity.liveness.fail' })
    const { user, card } = await openStep()
    await sendPhoto(user, card)
    const failed = await within(card).findByTestId('liveness-failed')
    expect(failed).toHaveTextContent(NO_MATCH)
    expect(failed).toHaveTextContent('2 tries left')
    setOverride({ target: 'identity.liveness', choice: 'identity.liveness.pass' })
    await sendPhoto(user, card)
    expect(await within(card).findByTestId('liveness-passed')).toHaveTextContent('Thank you. Your selfie matches your BVN photo.')
  })

  it('a photo of a photo is not live; the third failure goes to a person', async () => {
    setOverride({ target: 'identity.liveness', choice: 'identity.liveness.spoof' })
    const { user, card } = await openStep()
    await sendPhoto(user, card)
    expect(await within(card).findByTestId('liveness-failed')).toHaveTextContent(NOT_LIVE)
    await sendPhoto(user, card)
    await waitFor(() => expect(within(card).getByTestId('liveness-failed')).toHaveTextContent('1 try left'))
    await sendPhoto(user, card)
    const referred = await within(card).findByTestId('liveness-referred')
    expect(referred).toHaveTextContent('Our team will check your selfie')
    expect(referred).toHaveTextContent(/^.*We could not check your selfie automatically, so a member of our team will compare it with your BVN photo\./)
    expect(referred.querySelector('.ant-result-error')).toBeNull()
  })

  it('a file that is not JPEG or PNG is refused before sending; a refusal from the bank is said in the step', async () => {
    const { user, card } = await openStep({ applyAccept: false })
    // Past the picker's `accept` (a browser lets "all files" be chosen).
    await user.upload(await within(card).findByLabelText('Selfie photo'), new File(['x'], 'selfie.gif', { type: 'image/gif' }))
    expect(await within(card).findByText('Only PNG and JPEG images are accepted')).toBeInTheDocument()
    server.use(http.post(PATH, () => HttpResponse.json({ type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Upload a JPEG or PNG photo', errors: [{ field: 'image', message: 'Upload a JPEG or PNG photo' }] }, { status: 400 })))
    await sendPhoto(user, card)
    expect(await within(card).findByText('Upload a JPEG or PNG photo')).toBeInTheDocument()
    // The picture stays, to send again.
    expect(within(card).getByText('Use this photo')).toBeInTheDocument()
  })

  it('with a camera, shows its live preview and Take selfie', async () => {
    const stop = vi.fn()
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn().mockResolvedValue({ getTracks: () => [{ stop }] }) },
    })
    const { card, unmount } = await openStep()
    expect(await within(card).findByLabelText('Camera preview')).toBeInTheDocument()
    await waitFor(() => expect(within(card).getAllByRole('button', { name: /Take selfie/ }).at(-1)).toBeEnabled())
    expect(within(card).queryByLabelText('Selfie photo')).toBeNull()
    unmount()
    expect(stop).toHaveBeenCalled()
  })

  it('when the camera is refused, falls back to a photo file', async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn().mockRejectedValue(Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' })) },
    })
    const { user, card } = await openStep()
    expect(await within(card).findByText(/^Your camera is not available here/)).toBeInTheDocument()
    await sendPhoto(user, card)
    expect(await within(card).findByTestId('liveness-passed')).toBeInTheDocument()
  })

  it('a failed read says so with Retry (it cannot tell whether a selfie is owed)', async () => {
    requireSelfie(customerOf(ada))
    failWithProblem(PATH, 'Core banking is unavailable')
    const { user } = renderSettings()
    const retry = await expectFailure('Core banking is unavailable')
    expect(screen.getByText('We could not check your selfie step')).toBeInTheDocument()
    restoreHandlers()
    await user.click(retry)
    expect(await screen.findByTestId('liveness-card')).toBeInTheDocument()
  })
})
