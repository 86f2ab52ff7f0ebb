/**
 * The third 2FA choice, "Passkey (fingerprint, face or screen lock)": the customer's
 * passkeys (name, added, last used), adding one after a code, removing one with a code.
 * A passkey does not replace the code method: it signs in and approves payments, and the
 * code stays the way in when the device is not at hand (docs/contract.md, "Passkeys").
 */
import { useEffect, useState } from 'react'
import { Alert, Button, Form, List, Modal, Spin, Typography } from 'antd'
import { KeyOutlined } from '@ant-design/icons'
import { LoadState } from '../../../components/LoadState'
import { OtpInput } from '../../../components/OtpInput'
import { codeRule } from '../../../components/code/code'
import { RemoveDialog } from '../RemoveDialog'
import { formatDateTime } from '../../../lib/format'
import type { usePasskeys } from './usePasskeys'
import { PASSKEYS_FAILED } from './texts'
import { DialogActions, RenameModal } from '../RenameModal'

const CODE_LABEL = 'Verification code'

export function CodeModal({
  title,
  open,
  busy,
  message,
  failures,
  waiting,
  submitLabel,
  onSubmit,
  onClose,
}: {
  title: string
  open: boolean
  busy: boolean
  message: string | null
  failures: number
  waiting: string | null
  submitLabel: string
  onSubmit: (code: string) => void
  onClose: () => void
}) {
  const [form] = Form.useForm<{ code: string }>()
  useEffect(() => {
    if (failures > 0) form.resetFields()
  }, [failures, form])
  return (
    <Modal title={title} open={open} onCancel={onClose} closable={!busy} footer={null} destroyOnHidden width={440}>
      {waiting ? (
        <div className="kobo-wait" role="status">
          <Spin size="large" />
          <Typography.Text type="secondary">{waiting}</Typography.Text>
        </div>
      ) : (
        <>
          {message && <Alert type="info" showIcon title={message} style={{ marginBottom: 16 }} />}
          <Form form={form} layout="vertical" disabled={busy} onFinish={({ code }) => onSubmit(code)}>
            <Form.Item name="code" label={CODE_LABEL} rules={[codeRule]}>
              <OtpInput autoFocus label={CODE_LABEL} onComplete={() => form.submit()} />
            </Form.Item>
            <DialogActions onClose={onClose} busy={busy} submitLabel={submitLabel} />
          </Form>
        </>
      )}
    </Modal>
  )
}

type Passkeys = ReturnType<typeof usePasskeys>

export function PasskeysSection({
  state,
  actions,
  twoFactor = null,
}: {
  state: Passkeys[0]
  actions: Passkeys[1]
  /** The customer's current second factor: the removal code's wording. */
  twoFactor?: string | null
}) {
  const { items, load, add, remove } = state
  // The list is asked for while the hook is mounted (usePasskeys' read); Retry asks again.
  const { load: reload } = actions
  const [renaming, setRenaming] = useState<{ id: number; busy: boolean } | null>(null)
  const renamed = items.find((p) => p.id === renaming?.id)

  return (
    <section className="kobo-passkeys" aria-labelledby="kobo-passkeys-title">
      <Typography.Title level={5} id="kobo-passkeys-title">
        Your passkeys
      </Typography.Title>
      <LoadState
        load={load}
        onRetry={() => void reload()}
        failedTitle={PASSKEYS_FAILED}
        hasData={items.length > 0}
        isEmpty={items.length === 0}
        empty={{ description: 'No passkeys yet. Add one to sign in and approve payments with your fingerprint, face or screen lock.' }}
        skeletonRows={2}
      >
        <List
          className="kobo-passkeys__list"
          dataSource={items}
          renderItem={(passkey) => (
            <List.Item
              actions={[
                <Button key="rename" onClick={() => setRenaming({ id: passkey.id, busy: false })} aria-label={`Rename ${passkey.name}`}>
                  Rename
                </Button>,
                <Button key="remove" danger onClick={() => void actions.startRemove(passkey.id)} disabled={remove.step !== 'idle'}>
                  Remove
                </Button>,
              ]}
            >
              <List.Item.Meta
                avatar={<KeyOutlined className="kobo-passkeys__icon" aria-hidden />}
                title={passkey.name}
                description={
                  <>
                    Added {formatDateTime(passkey.createdAt)}
                    {' · '}
                    {passkey.lastUsedAt ? `Last used ${formatDateTime(passkey.lastUsedAt)}` : 'Not used yet'}
                  </>
                }
              />
            </List.Item>
          )}
        />
      </LoadState>
      <RenameModal
        title="Rename this passkey"
        open={renaming !== null}
        busy={renaming?.busy ?? false}
        name={renamed?.name ?? ''}
        onSubmit={(name) => {
          if (!renaming) return
          const { id } = renaming
          setRenaming({ id, busy: true })
          void actions.rename(id, name).then((done) => setRenaming(done ? null : { id, busy: false }))
        }}
        onClose={() => setRenaming(null)}
      />
      <CodeModal
        title="Add a passkey"
        open={add.step !== 'idle'}
        busy={add.step === 'creating'}
        message={add.message}
        failures={add.failures}
        waiting={
          add.step === 'sending'
            ? 'Please wait a moment...'
            : add.step === 'creating'
              ? 'Follow your browser: confirm with your fingerprint, face or screen lock.'
              : null
        }
        submitLabel="Continue"
        onSubmit={(code) => void actions.enterAddCode(code)}
        onClose={actions.closeAdd}
      />
      {/* Removal: a passkey (this one or another) first, or the code sent for it. */}
      <RemoveDialog
        remove={remove}
        actions={actions}
        title="Remove this passkey"
        twoFactor={twoFactor}
        withPasskey
        passkeyText="Confirm with your fingerprint, face or screen lock. Your passkey approves only removing this one."
      />
    </section>
  )
}
