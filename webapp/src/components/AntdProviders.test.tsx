import { render, screen } from '@testing-library/react'
import { theme } from 'antd'
import { AntdProviders, REDUCED_MOTION_QUERY } from './AntdProviders'

/** Shows whether antd's motion is on where it renders. */
function MotionShown() {
  const { token } = theme.useToken()
  return <p data-testid="motion">{token.motion ? 'moves' : 'still'}</p>
}

/** Answers REDUCED_MOTION_QUERY with `reduce`, every other query as the test set-up does. */
function deviceAsksForLessMotion() {
  const original = window.matchMedia.bind(window)
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    if (query !== REDUCED_MOTION_QUERY) return original(query)
    const unchanging = () => undefined
    return {
      matches: true,
      media: query,
      onchange: null,
      addEventListener: unchanging,
      removeEventListener: unchanging,
      addListener: unchanging,
      removeListener: unchanging,
      dispatchEvent: () => true,
    }
  })
}

describe('AntdProviders', () => {
  it("keeps antd's motion where the device has no preference", () => {
    render(
      <AntdProviders>
        <MotionShown />
      </AntdProviders>,
    )
    expect(screen.getByTestId('motion')).toHaveTextContent('moves')
  })

  it("turns antd's motion off where the device asks for less motion", () => {
    deviceAsksForLessMotion()
    render(
      <AntdProviders>
        <MotionShown />
      </AntdProviders>,
    )
    expect(screen.getByTestId('motion')).toHaveTextContent('still')
  })
})
