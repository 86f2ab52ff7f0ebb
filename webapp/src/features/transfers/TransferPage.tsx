/**
 * Route /transfer (docs/contract.md §8.1): 'Make A Transfer', the
 * balance panel on the left, and 'Make a quick transfer' with four tabs.
 * The open tab is kept in the address (?tab=…). On phones the form comes
 * first and the balance panel after it, so the first field is on the first
 * screen (the panel alone is taller than a phone's screen).
 */
import { lazy, useMemo } from 'react'
import { Card, Col, Row, Skeleton } from '../../components/plain'
import { Text, Title } from '../../components/PlainText'
import { AntdLater } from '../../components/AntdLater'
import { useSearchParams } from 'react-router'
import { PageTabs } from '../../components/PageTabs'
import { useAppSelector } from '../../store/hooks'
import { LoadFailed } from '../../components/LoadState'
import { isActive } from '../../store/accounts/accountsSlice'
import { useAccountsQuery } from '../../store/accounts/reads'
import { useBeneficiariesQuery } from '../../store/beneficiaries/reads'
import { useBanksQuery } from '../../store/payees/reads'
import { loadOf } from '../../api/koboApi'
import { useBalancesQuery } from './reads'
import { BalancePanel } from './components/BalancePanel'
import { MountWhenNeeded } from '../../components/MountWhenNeeded'
import { selectSchedules } from '../../store/schedules/schedulesSlice'
import { TransferFormPicture } from './components/TransferFormPicture'
import { selectTransfers } from './transfersSlice'
import { BANKS_FAILED, BENEFICIARIES_FAILED, TAB_LABELS, TRANSFER_HEADING, TRANSFER_PAGE_SUBTITLE, TRANSFER_SUBHEADING } from './texts'
import type { TransferKind } from '../../api/transferTypes'
import '../../components/payment/transfers.css'
import { withAntdRestStyles } from '../../lib/antdStyles'

// The form (antd's form, selects and number input) loads right after the page's own code: the
// first screen shows its picture meanwhile, drawn without antd (issue 57). Everything drawn
// with antd on this page is inside AntdLater, which brings antd's providers after the first screen.
const TransferForm = lazy(async () => ({ default: (await import('./components/TransferForm')).TransferForm }))
// Loaded when first needed (issue 23): the bulk tab brings antd's table and upload, the
// dialogs bring antd's modal and the receipt; none is on the page's first screen.
const BulkTransfer = lazy(async () => ({ default: (await withAntdRestStyles(() => import('./components/BulkTransfer'))).BulkTransfer }))
const TransferResultModal = lazy(async () => ({ default: (await withAntdRestStyles(() => import('./components/TransferResultModal'))).TransferResultModal }))
// The caps' notices show only for a new device or a new account: off the first screen too.
const DeviceCapNotice = lazy(async () => ({ default: (await import('./DeviceCapNotice')).DeviceCapNotice }))
const ScheduleApprovalDialog = lazy(async () => ({
  default: (await withAntdRestStyles(() => import('../../store/schedules/ScheduleApprovalDialog'))).ScheduleApprovalDialog,
}))

const TRANSFER_TABS = ['intra-bank', 'own-account', 'other-bank', 'bulk'] as const
type TabKey = (typeof TRANSFER_TABS)[number]

export function TransferPage() {
  const { flow } = useAppSelector(selectTransfers)
  const balancesQuery = useBalancesQuery()
  const balances = balancesQuery.data ?? null
  const banksQuery = useBanksQuery()
  const banks = useMemo(() => banksQuery.data ?? [], [banksQuery.data])
  const banksLoad = loadOf(banksQuery)
  const beneficiariesQuery = useBeneficiariesQuery()
  const beneficiariesLoad = loadOf(beneficiariesQuery)
  const accounts = useAccountsQuery().data
  const { approval } = useAppSelector(selectSchedules)
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab') as TabKey | null
  const active: TabKey = requested && TRANSFER_TABS.includes(requested) ? requested : 'intra-bank'

  // Disabled accounts are never offered as a source (docs/contract.md §7.4).
  const sources = useMemo(
    () => (balances?.accounts ?? accounts ?? []).filter(isActive),
    [balances, accounts],
  )

  const form = (kind: TransferKind) => (
    <AntdLater fallback={<TransferFormPicture kind={kind} />}>
      <TransferForm kind={kind} accounts={sources} banks={banks} />
    </AntdLater>
  )

  return (
    <>
      <div className="kobo-page-head">
        <Title level={1}>{TRANSFER_HEADING}</Title>
        <Text type="secondary">{TRANSFER_PAGE_SUBTITLE}</Text>
      </div>
      <Row gutter={[20, 20]}>
        {/* The form comes first in the page's order (phones, screen readers); wide screens show the panel on its left. */}
        <Col xs={24} lg={{ span: 16, order: 2 }} xl={{ span: 17, order: 2 }}>
          <Card title={TRANSFER_SUBHEADING} className="kobo-transfer-card">
            <AntdLater>
              <DeviceCapNotice />
            </AntdLater>
            {/* Banners, not a blocked form: an own-account transfer needs neither list. */}
            {banksLoad.status === 'failed' && (
              <LoadFailed title={BANKS_FAILED} reason={banksLoad.error} onRetry={() => void banksQuery.refetch()} variant="banner" />
            )}
            {beneficiariesLoad.status === 'failed' && (
              <LoadFailed
                title={BENEFICIARIES_FAILED}
                reason={beneficiariesLoad.error}
                onRetry={() => void beneficiariesQuery.refetch()}
                variant="banner"
              />
            )}
            <PageTabs<TabKey>
              label="Transfer kinds"
              activeKey={active}
              onChange={(key) => setParams({ tab: key }, { replace: true })}
              items={[
                { key: 'intra-bank', label: TAB_LABELS.INTRA_BANK, children: form('INTRA_BANK') },
                { key: 'own-account', label: TAB_LABELS.OWN_ACCOUNT, children: form('OWN_ACCOUNT') },
                { key: 'other-bank', label: TAB_LABELS.OTHER_BANK, children: form('OTHER_BANK') },
                {
                  key: 'bulk',
                  label: TAB_LABELS.BULK,
                  children: (
                    <AntdLater fallback={<Skeleton rows={6} />}>
                      <BulkTransfer accounts={sources} banks={banks} />
                    </AntdLater>
                  ),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={{ span: 8, order: 1 }} xl={{ span: 7, order: 1 }}>
          <BalancePanel balances={balances} load={loadOf(balancesQuery)} onRetry={() => void balancesQuery.refetch()} />
        </Col>
      </Row>
      <MountWhenNeeded when={flow.step === 'pending' || flow.step === 'succeeded' || flow.step === 'failed'}>
        <AntdLater>
          <TransferResultModal />
        </AntdLater>
      </MountWhenNeeded>
      <MountWhenNeeded when={approval.step === 'code' || approval.step === 'confirming'}>
        <AntdLater>
          <ScheduleApprovalDialog />
        </AntdLater>
      </MountWhenNeeded>
    </>
  )
}
