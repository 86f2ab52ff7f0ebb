/**
 * The first-screen part of antd's styles (antdFirstScreen.ts) must cover every
 * antd class that /home and /transfer render, with the shell around them, on
 * a phone and on a wide screen, and in the popups those screens open first
 * (the phone's navigation drawer, the user menu, the transfer form's
 * selects). A class outside the list would show unstyled until the rest of
 * antd's styles arrive.
 */
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders, setWindowWidth, signedInState } from '../test/renderWithProviders'
import { FIRST_SCREEN_ANTD_WORDS, antdWordOf } from './antdFirstScreen'

vi.setConfig({ testTimeout: 45_000 })

/** The antd classes in the document whose first word is not on the first-screen list. */
function uncoveredClasses(): string[] {
  const words = new Set(FIRST_SCREEN_ANTD_WORDS)
  const classes = new Set<string>()
  for (const element of document.querySelectorAll('[class*="ant-"]')) {
    for (const name of element.classList) {
      const word = antdWordOf(name)
      if (word && !words.has(word)) classes.add(name)
    }
  }
  return [...classes].sort()
}

describe.each([
  ['a phone', 390],
  ['a wide screen', 1280],
])('antd classes of the first screens on %s', (_label, width) => {
  it('/home, its user menu and (on a phone) its navigation drawer', async () => {
    setWindowWidth(width)
    const { user } = renderWithProviders({ route: '/home', preloadedState: signedInState('ada') })
    await waitFor(() => expect(screen.getAllByTestId('account-card')).toHaveLength(3), { timeout: 15_000 })
    await user.click(screen.getByRole('button', { name: 'Add account' }))
    await screen.findByRole('menuitem', { name: /Create Account/ })
    if (width < 768) {
      await user.click(screen.getByRole('button', { name: 'Open navigation' }))
      await screen.findByRole('navigation', { name: 'Main navigation' })
    }
    expect(uncoveredClasses()).toEqual([])
  })

  it('/transfer with its selects open', async () => {
    setWindowWidth(width)
    const { user } = renderWithProviders({ route: '/transfer', preloadedState: signedInState('ada') })
    await waitFor(() => expect(screen.getAllByTestId('transfer-account-balance')).toHaveLength(3), { timeout: 15_000 })
    await user.click(screen.getByLabelText('From Account'))
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0))
    expect(uncoveredClasses()).toEqual([])
  })
})
