/**
 * The form of the two-step bill panels (electricity, cable TV): its submit button first looks
 * the number up ('Get … Details'), then, once resolved, reads 'Proceed'. Changing any of the
 * `clearOn` fields clears the retrieved name.
 */
import type { ReactNode } from 'react'
import { Button, Form } from 'antd'
import type { FormInstance } from 'antd'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { lookupCleared, selectBills } from '../billsSlice'
import type { LookupProduct } from '../billsSlice'
import { PROCEED } from '../texts'

export function LookupForm<V extends object>({
  form,
  product,
  clearOn,
  resolved,
  lookupText,
  onFinish,
  children,
}: {
  form: FormInstance<V>
  product: LookupProduct
  clearOn: (keyof V)[]
  resolved: boolean
  lookupText: string
  onFinish: (values: V) => void
  children: ReactNode
}) {
  const dispatch = useAppDispatch()
  const { lookups, flow } = useAppSelector(selectBills)
  const lookup = lookups[product]
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark
      onFinish={onFinish}
      onValuesChange={(changed: Partial<V>) => {
        if (clearOn.some((name) => name in changed)) {
          if (lookup) dispatch(lookupCleared(product))
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
