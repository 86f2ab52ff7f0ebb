/** Renaming a passkey or a device: one field, 1-60 characters (docs/contract.md §14.4b). */
import { useEffect } from 'react'
import { Button, Form, Input, Modal } from 'antd'
import { RenameDeviceInLimits } from '../../api/limits'

const NAME_LABEL = 'Name'

export function RenameModal({
  title,
  open,
  busy,
  name,
  onSubmit,
  onClose,
}: {
  title: string
  open: boolean
  busy: boolean
  name: string
  onSubmit: (name: string) => void
  onClose: () => void
}) {
  const [form] = Form.useForm<{ name: string }>()
  useEffect(() => {
    if (open) form.setFieldsValue({ name })
  }, [open, name, form])
  return (
    <Modal title={title} open={open} onCancel={onClose} closable={!busy} footer={null} destroyOnHidden width={440}>
      <Form form={form} layout="vertical" disabled={busy} initialValues={{ name }} onFinish={(values) => onSubmit(values.name.trim())}>
        <Form.Item
          name="name"
          label={NAME_LABEL}
          rules={[
            { required: true, whitespace: true, message: 'Enter a name' },
            { max: RenameDeviceInLimits.name.maxLength, message: `At most ${RenameDeviceInLimits.name.maxLength} characters` },
          ]}
        >
          <Input autoFocus maxLength={RenameDeviceInLimits.name.maxLength} autoComplete="off" />
        </Form.Item>
        <DialogActions onClose={onClose} busy={busy} submitLabel="Save" />
      </Form>
    </Modal>
  )
}

/** Cancel and the form's submit, as every Settings dialog ends. */
export function DialogActions({ onClose, busy, submitLabel }: { onClose: () => void; busy: boolean; submitLabel: string }) {
  return (
    <div className="kobo-dialog-actions">
      <Button onClick={onClose} disabled={busy}>
        Cancel
      </Button>
      <Button type="primary" htmlType="submit" loading={busy}>
        {submitLabel}
      </Button>
    </div>
  )
}
