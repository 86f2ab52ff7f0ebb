/**
 * Settings › Security: the instant-transfer switch (docs/contract.md §16.3). Switching off is
 * one confirmation and no code: a customer in danger must stop money at once. Switching on
 * needs the code, or a passkey when the customer has one, in the dialog every sensitive change
 * uses (the same steps as removing a device: useRemoval.ts, RemoveDialog.tsx). The state is a
 * read with its loading and failed states; each change puts the BFF's answer into it.
 */
import { useCallback, useState } from 'react'
import { Popconfirm, Skeleton, Switch, Typography } from 'antd'
import { ThunderboltOutlined } from '@ant-design/icons'
import { failureReason } from '../../../api/client'
import { koboApi, loadOf } from '../../../api/koboApi'
import { useRead } from '../../../api/useRead'
import { LoadFailed } from '../../../components/LoadState'
import { useSessionCall } from '../../../components/disputes/useSessionCall'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { selectUserInfo } from '../../../store/appSlice'
import { toastError } from '../../../store/toastSlice'
import { RemoveDialog } from '../RemoveDialog'
import { SecurityCard } from '../components/SecurityCard'
import { useSecurityList } from '../securityReads'
import { useRemoval } from '../useRemoval'
import { instantTransfersEndpoint, switchOffEndpoint, switchOnEndpoint, switchOnPasskeyOptionsEndpoint, type InstantTransfers } from './api'
import { INSTANT_FAILED, INSTANT_TRANSFERS, ON_AGAIN, SWITCH_OFF_TEXT, SWITCH_OFF_TITLE, SWITCH_ON_PASSKEY, SWITCH_ON_TITLE } from './texts'

const instantApi = koboApi.injectEndpoints({
  endpoints: (build) => ({
    instantTransfers: build.query<InstantTransfers, void>({ query: instantTransfersEndpoint, extraOptions: { fallback: INSTANT_FAILED } }),
  }),
})

export function InstantTransfersCard() {
  const dispatch = useAppDispatch()
  const call = useSessionCall()
  const read = useRead(instantApi.endpoints.instantTransfers, undefined)
  const load = loadOf(read)
  const state = read.data
  const hasPasskey = useSecurityList('passkeys').items.length > 0
  const twoFactor = useAppSelector(selectUserInfo)?.twoFactorAuthentication ?? null
  const [switchingOff, setSwitchingOff] = useState(false)

  const show = useCallback((answer: InstantTransfers) => dispatch(instantApi.util.upsertQueryData('instantTransfers', undefined, answer)), [dispatch])

  const switchOff = async () => {
    setSwitchingOff(true)
    const result = await call(switchOffEndpoint())
    setSwitchingOff(false)
    if (result.error) dispatch(toastError(failureReason(result.error)))
    else show(result.data)
  }

  // Switching on: a code is sent, then the code or a passkey approves it; the "off" is what goes.
  const [approval, actions] = useRemoval({
    removeEndpoint: (_, proof) => switchOnEndpoint(proof),
    optionsEndpoint: switchOnPasskeyOptionsEndpoint,
    removed: () => show({ enabled: true, switchedOffAt: null, message: ON_AGAIN }),
    doneText: ON_AGAIN,
  })

  return (
    <SecurityCard icon={<ThunderboltOutlined aria-hidden />} title={INSTANT_TRANSFERS} testId="instant-transfers-card" className="kobo-instant">
      {!state && load.status !== 'failed' && <Skeleton active title={false} paragraph={{ rows: 2 }} />}
      {!state && load.status === 'failed' && <LoadFailed title={INSTANT_FAILED} reason={load.error} onRetry={() => void read.refetch()} />}
      {state && (
        <div className="kobo-instant__row">
          <div className="kobo-instant__text">
            <Typography.Text strong id="kobo-instant-label">
              {INSTANT_TRANSFERS}
            </Typography.Text>
            <Typography.Paragraph type={state.enabled ? 'secondary' : undefined} className="kobo-instant__message" data-testid="instant-transfers-message">
              {state.message}
            </Typography.Paragraph>
            {state.switchedOffAt && (
              <Typography.Text type="secondary" className="kobo-instant__since">
                Off since {state.switchedOffAt.slice(0, 16)} WAT
              </Typography.Text>
            )}
          </div>
          <Popconfirm
            title={SWITCH_OFF_TITLE}
            description={SWITCH_OFF_TEXT}
            okText="Switch off"
            cancelText="Keep on"
            okButtonProps={{ danger: true }}
            disabled={!state.enabled}
            onConfirm={() => void switchOff()}
          >
            <Switch
              checked={state.enabled}
              loading={switchingOff || approval.step === 'sending'}
              aria-labelledby="kobo-instant-label"
              onChange={() => {
                if (!state.enabled) void actions.startRemove(0)
              }}
            />
          </Popconfirm>
        </div>
      )}
      <RemoveDialog
        remove={approval}
        actions={actions}
        title={SWITCH_ON_TITLE}
        submitText="Switch on"
        twoFactor={twoFactor}
        withPasskey={hasPasskey}
        passkeyText={SWITCH_ON_PASSKEY}
      />
    </SecurityCard>
  )
}
