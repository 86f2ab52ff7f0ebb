/** 'Create Tickets': subject, description and optional attachments (docs/contract.md §15.1).
 * Once created, the new conversation opens. */
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Button, Form, Input, Modal } from 'antd'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { toastError } from '../../../store/toastSlice'
import { REQUIRED } from '../../../lib/validation'
import { useWrite } from '../../../api/useWrite'
import { createTicketClosed, selectTickets } from '../ticketsSlice'
import { ticketsApi } from '../reads'
import type { CreateTicketRequest } from '../types'
import { CREATE_TICKETS } from '../texts'
import { toUploads } from '../files'
import { AttachmentPicker, type PickedFile } from './AttachmentPicker'
import { TicketInLimits } from '../../../api/limits'

interface Values {
  subject: string
  body: string
}

export function CreateTicketModal() {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const { createOpen } = useAppSelector(selectTickets)
  const [create, creating] = useWrite(ticketsApi.endpoints.createTicket)
  const [form] = Form.useForm<Values>()
  const [files, setFiles] = useState<PickedFile[]>([])
  const [reading, setReading] = useState(false)

  const close = () => {
    if (!creating) dispatch(createTicketClosed())
  }

  const submit = async (values: Values) => {
    setReading(true)
    let attachments: CreateTicketRequest['attachments']
    try {
      attachments = (await toUploads(files.map((f) => f.file))).map(({ name, document }) => ({ name, document }))
    } catch {
      dispatch(toastError('The file could not be read. Please choose it again.'))
      return
    } finally {
      setReading(false)
    }
    const { data } = await create({ subject: values.subject.trim(), body: values.body.trim(), attachments })
    if (!data) return
    dispatch(createTicketClosed())
    navigate(`/customer-service/${data.ticket.id}`)
  }

  return (
    <Modal
      open={createOpen}
      title={CREATE_TICKETS}
      onCancel={close}
      afterClose={() => {
        form.resetFields()
        setFiles([])
      }}
      footer={null}
      width={560}
      centered
      destroyOnHidden
      mask={{ closable: !creating }}
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} disabled={creating} className="kobo-ticket-form">
        <Form.Item
          name="subject"
          label="Subject"
          rules={[{ required: true, whitespace: true, message: REQUIRED }]}
        >
          <Input placeholder="What do you need help with?" maxLength={TicketInLimits.subject.maxLength} autoFocus />
        </Form.Item>
        <Form.Item
          name="body"
          label="Description"
          rules={[{ required: true, whitespace: true, message: REQUIRED }]}
        >
          <Input.TextArea placeholder="Tell us what happened, with dates and amounts if you can" rows={5} maxLength={TicketInLimits.body.maxLength} />
        </Form.Item>
        <Form.Item label="Attachments (Optional)" htmlFor="new-ticket-files">
          <AttachmentPicker id="new-ticket-files" value={files} onChange={setFiles} disabled={creating} />
        </Form.Item>
        <div className="kobo-modal-actions">
          <Button onClick={close} disabled={creating}>
            Cancel
          </Button>
          <Button type="primary" htmlType="submit" loading={creating || reading}>
            Submit
          </Button>
        </div>
      </Form>
    </Modal>
  )
}
