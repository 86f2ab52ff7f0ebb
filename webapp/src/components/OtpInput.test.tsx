import { useState } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { OtpInput } from './OtpInput'

function Harness({ onComplete }: { onComplete: (code: string) => void }) {
  const [value, setValue] = useState('')
  return (
    <>
      <OtpInput value={value} onChange={setValue} onComplete={onComplete} />
      <output data-testid="value">{value}</output>
    </>
  )
}

function setup() {
  const onComplete = vi.fn()
  const user = userEvent.setup()
  render(<Harness onComplete={onComplete} />)
  const boxes = screen.getAllByRole('textbox')
  return { onComplete, user, boxes }
}

describe('OtpInput', () => {
  it('renders six single-character boxes', () => {
    const { boxes } = setup()
    expect(boxes).toHaveLength(6)
    expect(screen.getByRole('group', { name: 'One-time code' })).toBeInTheDocument()
  })

  it('moves to the next box as characters are typed and submits when all six are filled', async () => {
    const { boxes, user, onComplete } = setup()
    await user.click(boxes[0])
    await user.keyboard('12345')
    expect(boxes[5]).toHaveFocus()
    expect(onComplete).not.toHaveBeenCalled()
    await user.keyboard('6')
    expect(boxes.map((b) => (b as HTMLInputElement).value).join('')).toBe('123456')
    expect(onComplete).toHaveBeenCalledTimes(1)
    expect(onComplete).toHaveBeenCalledWith('123456')
  })

  it('fills the boxes from a paste, up to six characters, and submits', async () => {
    const { boxes, user, onComplete } = setup()
    await user.click(boxes[0])
    await user.paste('98765432')
    expect(boxes.map((b) => (b as HTMLInputElement).value)).toEqual(['9', '8', '7', '6', '5', '4'])
    expect(onComplete).toHaveBeenCalledWith('987654')
    expect(boxes[5]).toHaveFocus()
  })

  it('a short paste fills only some boxes and focuses the next empty one', async () => {
    const { boxes, user, onComplete } = setup()
    await user.click(boxes[0])
    await user.paste('12 3')
    expect(screen.getByTestId('value')).toHaveTextContent('123')
    expect(boxes[3]).toHaveFocus()
    expect(onComplete).not.toHaveBeenCalled()
  })

  it('Backspace on an empty box moves to the previous box', async () => {
    const { boxes, user } = setup()
    await user.click(boxes[0])
    await user.keyboard('12')
    expect(boxes[2]).toHaveFocus()
    await user.keyboard('{Backspace}')
    expect(boxes[1]).toHaveFocus()
    // On a filled box Backspace deletes its character and stays.
    await user.keyboard('{Backspace}')
    expect((boxes[1] as HTMLInputElement).value).toBe('')
    expect(boxes[1]).toHaveFocus()
    await user.keyboard('{Backspace}')
    expect(boxes[0]).toHaveFocus()
  })

  it('Enter moves forward to the next box', async () => {
    const { boxes, user, onComplete } = setup()
    await user.click(boxes[0])
    await user.keyboard('{Enter}')
    expect(boxes[1]).toHaveFocus()
    await user.keyboard('{Enter}{Enter}')
    expect(boxes[3]).toHaveFocus()
    expect(onComplete).not.toHaveBeenCalled()
  })

  it('Enter on a complete code submits it again', async () => {
    const { boxes, user, onComplete } = setup()
    await user.click(boxes[0])
    await user.paste('123456')
    expect(onComplete).toHaveBeenCalledTimes(1)
    await user.keyboard('{Enter}')
    expect(onComplete).toHaveBeenCalledTimes(2)
  })

  it('each box takes one digit from the numeric keypad; the first offers the SMS code', () => {
    const { boxes } = setup()
    for (const box of boxes) {
      expect(box).toHaveAttribute('maxLength', '1')
      expect(box).toHaveAttribute('inputMode', 'numeric')
    }
    expect(boxes[0]).toHaveAttribute('autoComplete', 'one-time-code')
  })

  it('ignores letters and symbols', async () => {
    const { boxes, user } = setup()
    await user.click(boxes[0])
    await user.keyboard('a-1')
    expect(screen.getByTestId('value')).toHaveTextContent(/^1$/)
    expect(boxes[1]).toHaveFocus()
  })

  it('pasting a whole code into any box fills all six from the first', async () => {
    const { boxes, user, onComplete } = setup()
    await user.click(boxes[3])
    await user.paste('482 913')
    expect(boxes.map((b) => (b as HTMLInputElement).value)).toEqual(['4', '8', '2', '9', '1', '3'])
    expect(onComplete).toHaveBeenCalledWith('482913')
    expect(boxes[5]).toHaveFocus()
  })

  it('typing into a filled box replaces its digit and moves on', async () => {
    const { boxes, user } = setup()
    await user.click(boxes[0])
    await user.keyboard('123')
    // Put the caret after the digit (no selection), as a tap on a phone may do.
    await user.pointer({ target: boxes[1], offset: 1, keys: '[MouseLeft]' })
    ;(boxes[1] as HTMLInputElement).setSelectionRange(1, 1)
    await user.keyboard('7')
    expect(screen.getByTestId('value')).toHaveTextContent(/^173$/)
    expect(boxes[2]).toHaveFocus()
  })

  it('Backspace clears the box and, on an empty box, goes back one box', async () => {
    const { boxes, user } = setup()
    await user.click(boxes[0])
    await user.keyboard('1234')
    expect(boxes[4]).toHaveFocus()
    await user.keyboard('{Backspace}{Backspace}{Backspace}')
    expect(screen.getByTestId('value')).toHaveTextContent(/^123$/)
    expect(boxes[2]).toHaveFocus()
  })
})
