/**
 * The form of the two-step bill panels (electricity, cable TV): its submit button first looks
 * the number up ('Get … Details'), then, once resolved, reads 'Proceed'. Changing any of the
 * `clearOn` fields clears the retrieved name (`onCleared`).
 */
import type { ReactNode } from 'react'
import { Button, Form } from 'antd'
import type { FormInstance } from 'antd'
import { useAppSelector } from '../../../store/hooks'
import { selectBills } from '../billsSlice'
import type { LookupState } from '../reads'
import { PROCEED } from '../texts'

export function LookupForm<V extends object>({
  form,
  lookup,
  onCleared,
  clearOn,
  resolved,
  lookupText,
  onFinish,
  children,
}: {
  form: FormInstance<V>
  lookup: LookupState | undefined
  onCleared: () => void
  clearOn: (keyof V)[]
  resolved: boolean
  lookupText: string
  onFinish: (values: V) => void
  children: ReactNode
}) {
  const { flow } = useAppSelector(selectBills)
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark
      onFinish={onFinish}
      onValuesChange={(changed: Partial<V>) => {
        if (clearOn.some((name) => name in changed)) {
          if (lookup) onCleared()
        }
      }}
      className="kobo-bill-form"
    >
      {children}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={lookup?.status === 'loading' || flow.step === 'submitting'}
      >
        {resolved ? PROCEED : lookupText}
      </Button>
    </Form>
  )
}
