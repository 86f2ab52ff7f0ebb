/**
 * Amount field (docs/contract.md §1.5 and §8.3): naira with at most two decimals,
 * minimum 0, step 0.01; arrow keys and the mouse wheel never change the
 * value, so an amount cannot drift by accident.
 */
import { InputNumber, type InputNumberProps } from 'antd'
import { blockNumberKeys, blockWheel } from '../../lib/amount'

export type AmountInputProps = Omit<InputNumberProps<number>, 'min' | 'step' | 'keyboard' | 'changeOnWheel'>

export function AmountInput(props: AmountInputProps) {
  return (
    <InputNumber<number>
      prefix="₦"
      placeholder="0.00"
      inputMode="decimal"
      style={{ width: '100%' }}
      controls={false}
      {...props}
      min={0}
      step={0.01}
      keyboard={false}
      changeOnWheel={false}
      onKeyDown={blockNumberKeys}
      onWheel={blockWheel}
    />
  )
}
