/**
 * "Your devices" in Settings › 2 Factor Authentication: each browser the customer signed in
 * from (name, added, last used, "This device", the new-device cap while it applies), with
 * renaming and removing (a code; the device's sessions end). docs/contract.md §14.4b.
 */
import { Button, List, Tag, Typography } from 'antd'
import { ClockCircleOutlined, DesktopOutlined, MobileOutlined } from '@ant-design/icons'
import { LoadState } from '../../../components/LoadState'
import { formatDateTime } from '../../../lib/format'
import type { Device } from '../../../api/types'
import { RemoveDialog } from '../RemoveDialog'
import { RenameModal } from '../RenameModal'
import type { useDevices } from './useDevices'
import { DEVICES_EMPTY, DEVICES_FAILED, THIS_DEVICE } from './texts'

type Devices = ReturnType<typeof useDevices>

const PHONES = /Android|iPhone|iPad/

function DeviceIcon({ device }: { device: Device }) {
  const Icon = PHONES.test(device.name) ? MobileOutlined : DesktopOutlined
  return <Icon className="kobo-passkeys__icon" aria-hidden />
}

export function DevicesSection({
  state,
  actions,
  hasPasskey,
  twoFactor,
}: {
  state: Devices[0]
  actions: Devices[1]
  /** The customer has a passkey: removal offers it first. */
  hasPasskey: boolean
  twoFactor: string | null
}) {
  const { items, load, remove, rename } = state
  // The list is asked for while the hook is mounted (useDevices' read); Retry asks again.
  const { load: reload } = actions

  const renaming = items.find((d) => d.id === rename.id)
  const removing = items.find((d) => d.id === remove.id)

  return (
    <section className="kobo-passkeys kobo-devices" aria-labelledby="kobo-devices-title">
      <Typography.Title level={5} id="kobo-devices-title">
        Your devices
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        The browsers you signed in from. Remove one you no longer use or do not recognise: it is signed out at once.
      </Typography.Paragraph>
      <LoadState
        load={load}
        onRetry={() => void reload()}
        failedTitle={DEVICES_FAILED}
        hasData={items.length > 0}
        isEmpty={items.length === 0}
        empty={{ description: DEVICES_EMPTY }}
        skeletonRows={2}
      >
        <List
          className="kobo-passkeys__list"
          dataSource={items}
          renderItem={(device) => (
            <List.Item
              actions={[
                <Button key="rename" onClick={() => actions.startRename(device.id)} aria-label={`Rename ${device.name}`}>
                  Rename
                </Button>,
                ...(device.thisDevice
                  ? []
                  : [
                      <Button
                        key="remove"
                        danger
                        onClick={() => void actions.startRemove(device.id)}
                        loading={remove.step === 'sending' && remove.id === device.id}
                        disabled={remove.step !== 'idle' && remove.id !== device.id}
                        aria-label={`Remove ${device.name}`}
                      >
                        Remove
                      </Button>,
                    ]),
              ]}
            >
              <List.Item.Meta
                avatar={<DeviceIcon device={device} />}
                title={
                  <span className="kobo-devices__title">
                    {device.name}
                    {device.thisDevice && <Tag color="blue">{THIS_DEVICE}</Tag>}
                  </span>
                }
                description={
                  <>
                    Added {formatDateTime(device.createdAt)}
                    {' · '}
                    Last used {formatDateTime(device.lastUsedAt)}
                    {device.cappedUntil && (
                      <>
                        <br />
                        <span className="kobo-devices__capped">
                          <ClockCircleOutlined aria-hidden /> Transfers limited until {formatDateTime(device.cappedUntil)}
                        </span>
                      </>
                    )}
                  </>
                }
              />
            </List.Item>
          )}
        />
      </LoadState>
      <RenameModal
        title="Rename this device"
        open={rename.id !== null}
        busy={rename.busy}
        name={renaming?.name ?? ''}
        onSubmit={(name) => rename.id !== null && void actions.saveName(rename.id, name)}
        onClose={actions.closeRename}
      />
      {/* The dialog every sensitive change uses: a passkey first when the customer has one,
          "Use a code instead" beside it. */}
      <RemoveDialog
        remove={remove}
        actions={actions}
        title="Remove this device"
        twoFactor={twoFactor}
        withPasskey={hasPasskey}
        passkeyText="Confirm with your fingerprint, face or screen lock. Your passkey approves only removing this device."
      >
        {removing && (
          <Typography.Paragraph>
            <strong>{removing.name}</strong> will be signed out and forgotten.
          </Typography.Paragraph>
        )}
      </RemoveDialog>
    </section>
  )
}
