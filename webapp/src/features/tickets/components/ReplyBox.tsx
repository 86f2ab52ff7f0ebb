/**
 * The reply box: text (required) and attachments. The message shows in the
 * conversation at once; if sending fails it is taken out again and its text
 * and files come back here so nothing typed is lost.
 */
import { useEffect, useRef, useState } from 'react'
import { Button, Form, Input } from 'antd'
import { SendOutlined } from '@ant-design/icons'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { toastError } from '../../../store/toastSlice'
import { REQUIRED } from '../../../lib/validation'
import { useWrite } from '../../../api/useWrite'
import { failedDraftRestored, replyOf, selectTickets } from '../ticketsSlice'
import { ticketsApi } from '../reads'
import { toUploads } from '../files'
import { AttachmentPicker, type PickedFile } from './AttachmentPicker'
import { MessageInLimits } from '../../../api/limits'

interface Values {
  text: string
}

export function ReplyBox({ ticketId }: { ticketId: number }) {
  const dispatch = useAppDispatch()
  const { failedDraft } = useAppSelector(selectTickets)
  const [reply] = useWrite(ticketsApi.endpoints.reply)
  const [form] = Form.useForm<Values>()
  const [files, setFiles] = useState<PickedFile[]>([])
  const [reading, setReading] = useState(false)
  const lastSent = useRef<{ text: string; files: PickedFile[] } | null>(null)

  useEffect(() => {
    if (!failedDraft || failedDraft.ticketId !== ticketId) return
    if (!(form.getFieldValue('text') ?? '').trim()) {
      form.setFieldsValue({ text: failedDraft.text })
      if (lastSent.current?.text === failedDraft.text) setFiles(lastSent.current.files)
    }
    dispatch(failedDraftRestored())
  }, [failedDraft, ticketId, form, dispatch])

  const send = async ({ text }: Values) => {
    setReading(true)
    let attachments: Awaited<ReturnType<typeof toUploads>>
    try {
      attachments = await toUploads(files.map((f) => f.file))
    } catch {
      dispatch(toastError('The file could not be read. Please choose it again.'))
      return
    } finally {
      setReading(false)
    }
    const trimmed = text.trim()
    lastSent.current = { text: trimmed, files }
    // Shown at once; a reply that fails comes back through `failedDraft` (above).
    void reply(replyOf({ ticketId, text: trimmed, attachments }))
    form.resetFields()
    setFiles([])
  }

  return (
    <Form<Values> form={form} onFinish={send} className="kobo-reply" requiredMark={false}>
      <Form.Item name="text" rules={[{ required: true, whitespace: true, message: REQUIRED }]} className="kobo-reply__text">
        <Input.TextArea
          aria-label="Reply"
          placeholder="Write a reply…"
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={MessageInLimits.text.maxLength}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) form.submit()
          }}
        />
      </Form.Item>
      <div className="kobo-reply__bar">
        <AttachmentPicker compact id={`reply-files-${ticketId}`} value={files} onChange={setFiles} />
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={reading} className="kobo-reply__send">
          Send
        </Button>
      </div>
    </Form>
  )
}
