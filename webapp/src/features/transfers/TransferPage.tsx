/**
 * Route /transfer (docs/contract.md §8.1): 'Make A Transfer', the
 * balance panel on the left, and 'Make a quick transfer' with four tabs.
 * The open tab is kept in the address (?tab=…). On phones the form comes
 * first and the balance panel after it, so the first field is on the first
 * screen (the panel alone is taller than a phone's screen).
 */
import { lazy, Suspense, useEffect, useMemo } from 'react'
import { Card, Col, Row, Skeleton, Typography } from 'antd'
import { useSearchParams } from 'react-router'
import { PageTabs } from '../../components/PageTabs'
import { useAppDispatch, useAppSelector } from '../../store/hooks'
import { LoadFailed } from '../../components/LoadState'
import { accountsRequested, isActive, selectAccounts } from '../../store/accounts/accountsSlice'
import { beneficiariesRequested, selectBeneficiaries } from '../../store/beneficiaries/beneficiariesSlice'
import { BalancePanel } from './components/BalancePanel'
import { MountWhenNeeded } from '../../components/MountWhenNeeded'
import { selectSchedules } from '../../store/schedules/schedulesSlice'
import { TransferForm } from './components/TransferForm'
import { DeviceCapNotice } from './DeviceCapNotice'
import { balancesRequested, selectTransfers } from './transfersSlice'
import { banksRequested, selectPayees } from '../../store/payees/payeesSlice'
import { BANKS_FAILED, BENEFICIARIES_FAILED, TAB_LABELS, TRANSFER_HEADING, TRANSFER_PAGE_SUBTITLE, TRANSFER_SUBHEADING } from './texts'
import '../../components/payment/transfers.css'
import { withAntdRestStyles } from '../../lib/antdStyles'

// Loaded when first needed (issue 23): the bulk tab brings antd's table and upload, the
// dialogs bring antd's modal and the receipt; none is on the page's first screen.
const BulkTransfer = lazy(async () => ({ default: (await withAntdRestStyles(() => import('./components/BulkTransfer'))).BulkTransfer }))
const TransferResultModal = lazy(async () => ({ default: (await withAntdRestStyles(() => import('./components/TransferResultModal'))).TransferResultModal }))
const ScheduleApprovalDialog = lazy(async () => ({
  default: (await withAntdRestStyles(() => import('../../components/schedule/ScheduleApprovalDialog'))).ScheduleApprovalDialog,
}))

const TRANSFER_TABS = ['intra-bank', 'own-account', 'other-bank', 'bulk'] as const
type TabKey = (typeof TRANSFER_TABS)[number]

export function TransferPage() {
  const dispatch = useAppDispatch()
  const { balances, balancesLoad, flow } = useAppSelector(selectTransfers)
  const { banks, banksLoad } = useAppSelector(selectPayees)
  const beneficiariesLoad = useAppSelector(selectBeneficiaries).load
  const accountsState = useAppSelector(selectAccounts)
  const { approval } = useAppSelector(selectSchedules)
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab') as TabKey | null
  const active: TabKey = requested && TRANSFER_TABS.includes(requested) ? requested : 'intra-bank'

  useEffect(() => {
    dispatch(balancesRequested())
    dispatch(banksRequested())
    dispatch(beneficiariesRequested())
    dispatch(accountsRequested())
  }, [dispatch])

  // Disabled accounts are never offered as a source (docs/contract.md §7.4).
  const sources = useMemo(
    () => (balances?.accounts ?? accountsState.items).filter(isActive),
    [balances, accountsState.items],
  )

  return (
    <>
      <div className="kobo-page-head">
        <Typography.Title level={1}>{TRANSFER_HEADING}</Typography.Title>
        <Typography.Text type="secondary">{TRANSFER_PAGE_SUBTITLE}</Typography.Text>
      </div>
      <Row gutter={[20, 20]}>
        {/* The form comes first in the page's order (phones, screen readers); wide screens show the panel on its left. */}
        <Col xs={24} lg={{ span: 16, order: 2 }} xl={{ span: 17, order: 2 }}>
          <Card variant="borderless" title={TRANSFER_SUBHEADING} className="kobo-transfer-card">
            <DeviceCapNotice />
            {/* Banners, not a blocked form: an own-account transfer needs neither list. */}
            {banksLoad.status === 'failed' && (
              <LoadFailed title={BANKS_FAILED} reason={banksLoad.error} onRetry={() => dispatch(banksRequested())} variant="banner" />
            )}
            {beneficiariesLoad.status === 'failed' && (
              <LoadFailed
                title={BENEFICIARIES_FAILED}
                reason={beneficiariesLoad.error}
                onRetry={() => dispatch(beneficiariesRequested())}
                variant="banner"
              />
            )}
            <PageTabs<TabKey>
              label="Transfer kinds"
              activeKey={active}
              onChange={(key) => setParams({ tab: key }, { replace: true })}
              items={[
                { key: 'intra-bank', label: TAB_LABELS.INTRA_BANK, children: <TransferForm kind="INTRA_BANK" accounts={sources} banks={banks} /> },
                { key: 'own-account', label: TAB_LABELS.OWN_ACCOUNT, children: <TransferForm kind="OWN_ACCOUNT" accounts={sources} banks={banks} /> },
                { key: 'other-bank', label: TAB_LABELS.OTHER_BANK, children: <TransferForm kind="OTHER_BANK" accounts={sources} banks={banks} /> },
                {
                  key: 'bulk',
                  label: TAB_LABELS.BULK,
                  children: (
                    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                      <BulkTransfer accounts={sources} banks={banks} />
                    </Suspense>
                  ),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={{ span: 8, order: 1 }} xl={{ span: 7, order: 1 }}>
          <BalancePanel balances={balances} load={balancesLoad} onRetry={() => dispatch(balancesRequested())} />
        </Col>
      </Row>
      <MountWhenNeeded when={flow.step === 'pending' || flow.step === 'succeeded' || flow.step === 'failed'}>
        <TransferResultModal />
      </MountWhenNeeded>
      <MountWhenNeeded when={approval.step === 'code' || approval.step === 'confirming'}>
        <ScheduleApprovalDialog />
      </MountWhenNeeded>
    </>
  )
}
