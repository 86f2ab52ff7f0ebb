/**
 * "Your devices" in Settings › 2 Factor Authentication: each browser the customer signed in
 * from (name, added, last used, "This device", the new-device cap while it applies), with
 * renaming and removing (a code; the device's sessions end). docs/contract.md §14.4b.
 */
import { useEffect } from 'react'
import { Button, List, Tag, Typography } from 'antd'
import { ClockCircleOutlined, DesktopOutlined, MobileOutlined } from '@ant-design/icons'
import { LoadState } from '../../../components/LoadState'
import { formatDateTime } from '../../../lib/format'
import type { Device } from '../../../api/types'
import { CodeModal } from '../passkeys/PasskeysSection'
import { RenameModal } from './RenameModal'
import type { useDevices } from './useDevices'
import { DEVICES_EMPTY, DEVICES_FAILED, THIS_DEVICE } from './texts'

type Devices = ReturnType<typeof useDevices>

const PHONES = /Android|iPhone|iPad/

function DeviceIcon({ device }: { device: Device }) {
  const Icon = PHONES.test(device.name) ? MobileOutlined : DesktopOutlined
  return <Icon className="kobo-passkeys__icon" aria-hidden />
}

export function DevicesSection({ state, actions }: { state: Devices[0]; actions: Devices[1] }) {
  const { items, load, remove, rename } = state
  const { load: reload } = actions

  useEffect(() => {
    void reload()
  }, [reload])

  const renaming = items.find((d) => d.id === rename.id)

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
                        disabled={remove.step !== 'idle'}
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
      <CodeModal
        title="Remove this device"
        open={remove.step !== 'idle'}
        busy={remove.step === 'confirming'}
        message={remove.message}
        failures={remove.failures}
        waiting={remove.step === 'sending' ? 'Please wait a moment...' : null}
        submitLabel="Remove"
        onSubmit={(otp) => void actions.confirmRemove(otp)}
        onClose={actions.closeRemove}
      />
    </section>
  )
}
