/** Breaking a locked pocket (docs/contract.md §17.2): the forfeit is shown and a code sent
 * first; the pocket breaks only with the code, or with a passkey when the customer has one
 * ("Approve with passkey" first, "Use a code instead" beside it, as every approval). A wrong
 * code or a refused passkey leaves the dialog usable; a break the bank did not carry out (a
 * refusal, a 503) says why and starts again with a new code. */
import { useCallback, useEffect, useState } from 'react'
import { Alert, Button, Form, Input, Modal, Typography } from 'antd'
import { KeyOutlined } from '@ant-design/icons'
import { useWrite } from '../../../api/useWrite'
import { fieldErrorsOf } from '../../../api/fieldErrors'
import { failureReason, type ApiError } from '../../../api/client'
import { getPasskeyAssertion } from '../../../lib/passkeys'
import type { PasskeyAssertion } from '../../../api/types'
import { savingsApi } from '../reads'
import { APPROVE_WITH_PASSKEY, BREAK, BREAK_ERROR, BREAK_PASSKEY_TEXT, BREAK_TITLE, START_AGAIN, USE_A_CODE } from '../texts'
import type { BreakCodeSent, BreakRequest, Pocket } from '../types'

/** A refusal of the code or the passkey itself (400): the same step can be tried again. */
const approvalRefused = (error: ApiError) => error.status === 400

export function BreakModal({ pocket, onClose }: { pocket: Pocket; onClose: () => void }) {
  const [send, busy] = useWrite(savingsApi.endpoints.breakPocket)
  const [askOptions] = useWrite(savingsApi.endpoints.breakPasskeyOptions)
  const [sent, setSent] = useState<BreakCodeSent | null>(null)
  // Step 1 or the break itself failed: the reason, and a new start.
  const [failure, setFailure] = useState<string | null>(null)
  // The passkey step's refusal (a cancelled prompt, a passkey not accepted): the step stays.
  const [notice, setNotice] = useState<string | null>(null)
  const [withCode, setWithCode] = useState(false)
  const [approving, setApproving] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const [form] = Form.useForm<{ otp: string }>()
  const passkeyFirst = Boolean(sent?.passkeyApproval) && !withCode

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
  }, [pocket.id, send, attempt])

  const startAgain = () => {
    setFailure(null)
    setNotice(null)
    setSent(null)
    setAttempt((n) => n + 1)
  }

  /** Step 2: broken (the dialog closes), or why not. */
  const finish = useCallback(
    async (body: BreakRequest) => {
      const result = await send({ id: pocket.id, body })
      if (!result.error) {
        onClose()
        return
      }
      const reason = fieldErrorsOf(result.error)[0]?.message ?? failureReason(result.error, BREAK_ERROR)
      if (!approvalRefused(result.error)) {
        setSent(null)
        setFailure(reason)
      } else if (body.otp) form.setFields([{ name: 'otp', errors: [reason] }])
      else setNotice(reason)
    },
    [form, onClose, pocket.id, send],
  )

  const approveWithPasskey = async () => {
    setNotice(null)
    setApproving(true)
    try {
      const options = await askOptions(pocket.id)
      if (options.error) {
        setNotice(failureReason(options.error, BREAK_ERROR))
        return
      }
      let passkey: PasskeyAssertion
      try {
        passkey = await getPasskeyAssertion(options.data.options)
      } catch (error) {
        setNotice(error instanceof Error ? error.message : String(error))
        return
      }
      await finish({ passkey })
    } finally {
      setApproving(false)
    }
  }

  return (
    <Modal
      title={BREAK_TITLE}
      open
      onCancel={onClose}
      okText={BREAK}
      okButtonProps={{ danger: true, disabled: !sent }}
      confirmLoading={busy}
      onOk={() => form.submit()}
      footer={passkeyFirst ? null : undefined}
    >
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure}
          className="kobo-savings__forfeit"
          action={
            <Button size="small" onClick={startAgain}>
              {START_AGAIN}
            </Button>
          }
        />
      )}
      {sent && (
        <>
          <Alert type="warning" showIcon title={sent.warning} className="kobo-savings__forfeit" />
          {notice && <Alert type="error" showIcon title={notice} className="kobo-savings__forfeit" />}
          {passkeyFirst ? (
            <>
              <Typography.Paragraph type="secondary">{BREAK_PASSKEY_TEXT}</Typography.Paragraph>
              <div className="kobo-savings__passkey">
                <Button type="primary" danger size="large" block icon={<KeyOutlined aria-hidden />} loading={approving} onClick={() => void approveWithPasskey()}>
                  {APPROVE_WITH_PASSKEY}
                </Button>
                <Button size="large" block disabled={approving} onClick={() => setWithCode(true)}>
                  {USE_A_CODE}
                </Button>
              </div>
            </>
          ) : (
            <>
              <p>{sent.message}</p>
              <Form form={form} layout="vertical" preserve={false} onFinish={({ otp }) => void finish({ otp })}>
                <Form.Item name="otp" label="Code" rules={[{ required: true, message: 'This field is required' }]}>
                  <Input inputMode="numeric" autoComplete="one-time-code" maxLength={12} />
                </Form.Item>
              </Form>
            </>
          )}
        </>
      )}
    </Modal>
  )
}
