/** Breaking a locked pocket (docs/contract.md §17.2): the forfeit is shown and a code sent
 * first; the pocket breaks only with the code. */
import { useEffect, useState } from 'react'
import { Alert, Form, Input, Modal } from 'antd'
import { useWrite } from '../../../api/useWrite'
import { fieldErrorsOf } from '../../../api/fieldErrors'
import { failureReason } from '../../../api/client'
import { savingsApi } from '../reads'
import { BREAK, BREAK_ERROR, BREAK_TITLE } from '../texts'
import type { BreakCodeSent, Pocket } from '../types'

export function BreakModal({ pocket, onClose }: { pocket: Pocket; onClose: () => void }) {
  const [send, busy] = useWrite(savingsApi.endpoints.breakPocket)
  const [sent, setSent] = useState<BreakCodeSent | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [form] = Form.useForm<{ otp: string }>()

  useEffect(() => {
    let live = true
    void send({ id: pocket.id, body: {} }).then((result) => {
      if (!live) return
      if (result.error) setFailure(failureReason(result.error, BREAK_ERROR))
      else setSent(result.data as BreakCodeSent)
    })
    return () => {
      live = false
    }
  }, [pocket.id, send])

  const confirm = async ({ otp }: { otp: string }) => {
    const result = await send({ id: pocket.id, body: { otp } })
    if (!result.error) onClose()
    else form.setFields([{ name: 'otp', errors: [fieldErrorsOf(result.error)[0]?.message ?? failureReason(result.error, BREAK_ERROR)] }])
  }

  return (
    <Modal title={BREAK_TITLE} open onCancel={onClose} okText={BREAK} okButtonProps={{ danger: true, disabled: !sent }} confirmLoading={busy} onOk={() => form.submit()}>
      {failure && <Alert type="error" showIcon title={failure} />}
      {sent && (
        <>
          <Alert type="warning" showIcon title={sent.warning} className="kobo-savings__forfeit" />
          <p>{sent.message}</p>
          <Form form={form} layout="vertical" onFinish={confirm}>
            <Form.Item name="otp" label="Code" rules={[{ required: true, message: 'This field is required' }]}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={12} />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  )
}
