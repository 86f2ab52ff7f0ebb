/** The shared one-time-code dialog, with a summary of the bill being confirmed; a step-up's
 * warning first when the risk check asked for one (docs/contract.md §16.1). */
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { formatNaira } from '../../../lib/format'
import { CodeDialog } from '../../../components/code/CodeDialog'
import { selectBills, vendConfirmRequested, vendDialogClosed, vendPasskeyRequested } from '../billsSlice'
import { selectBillCatalog } from '../reads'
import { PANEL_TITLES } from '../texts'

export function BillCodeDialog() {
  const dispatch = useAppDispatch()
  const { flow } = useAppSelector(selectBills)
  const { airtimeProviders, dataProviders, electricityProviders, cableProviders } = useAppSelector(selectBillCatalog)
  const request = flow.request
  const product = flow.product
  const open = Boolean(flow.pending) && (flow.step === 'code' || flow.step === 'confirming')

  const provider = (() => {
    if (!request) return null
    if (product === 'AIRTIME') return airtimeProviders.find((p) => p.code === request.airtimeProviderCode)?.title
    if (product === 'DATA') return dataProviders.find((p) => p.code === request.dataBundleProviderCode)?.title
    if (product === 'ELECTRICITY_BILL') return electricityProviders.find((p) => p.code === request.electricityProviderCode)?.title
    return cableProviders.find((p) => p.code === request.cableTvProviderCode)?.title
  })()
  const holder = flow.holder
  const number = request?.electricityMeterNum ?? request?.cableTvSmartCardNum ?? request?.phoneNumber

  return (
    <CodeDialog
      open={open}
      message={flow.pending?.message}
      twoFactor={flow.pending?.twoFactorAuthentication}
      loading={flow.step === 'confirming'}
      failures={flow.failures}
      onSubmit={(otp) => dispatch(vendConfirmRequested({ otp }))}
      onCancel={() => dispatch(vendDialogClosed())}
      submitText="Confirm Payment"
      onPasskey={flow.pending?.passkeyApproval ? () => dispatch(vendPasskeyRequested()) : undefined}
      warning={flow.pending?.riskWarning}
    >
      {request && product && (
        <div className="kobo-code-summary">
          <div className="kobo-code-summary__amount">{formatNaira(Number(request.amount ?? 0))}</div>
          <div>
            {PANEL_TITLES[product]} · <strong>{provider}</strong>
          </div>
          <div className="kobo-code-summary__sub">
            {holder ? `${holder} · ` : ''}
            {number}
          </div>
        </div>
      )}
    </CodeDialog>
  )
}
