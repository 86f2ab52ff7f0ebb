/** Route /home: the dashboard (docs/contract.md §7.1). Data: GET /api/client-summary. */
import { Text, Title } from '../../components/PlainText'
import { Card, Col, Row } from '../../components/plain'
import { LoadState } from '../../components/LoadState'
import { useAppSelector } from '../../store/hooks'
import { selectUserInfo } from '../../store/appSlice'
import type { ClientSummary } from '../../api/types'
import { useDashboardQuery, type DashboardError } from '../../store/accounts/reads'
import { loadOf } from '../../api/koboApi'
import { AccountCardStack } from './components/AccountCardStack'
import { BalanceToggle } from '../../components/BalanceToggle'
import { DASHBOARD_SUBHEADING, MY_ACCOUNTS, NO_ACCOUNTS, welcome } from './texts'
import { TotalBalanceCard } from './components/TotalBalanceCard'
import { WeeklySummaryCard } from './components/WeeklySummaryCard'
import { RecentTransactionsCard } from './components/RecentTransactionsCard'
import { ScheduledPaymentsCard } from './components/ScheduledPaymentsCard'
import { AddAccountMenu } from './components/AddAccountMenu'
import { useAfterFirstPaint } from '../../lib/useAfterFirstPaint'
import { OFFLINE_MONEY_REASON, useOnReconnect, useOnline } from '../../lib/network'
import { OfflineNotice } from '../../components/OfflineNotice'
import { OfflineBalancesBanner } from './components/OfflineBalancesBanner'

export const DASHBOARD_FAILED = "We couldn't load your dashboard"

export function HomePage() {
  const userInfo = useAppSelector(selectUserInfo)
  const query = useDashboardQuery()
  const load = loadOf(query)
  // The last failure stays while Retry asks again, so the kept answer stays on screen meanwhile.
  const failure = (query.error as DashboardError | undefined) ?? null
  // No network: the tab's last answer stands in, labelled with its time (issue 43).
  const kept = failure?.kept ?? null
  const summary = kept?.summary ?? query.data ?? null
  const offlineSince = kept?.savedAt ?? null
  const unreachable = failure?.unreachable ?? false
  const online = useOnline()
  const retry = () => void query.refetch()
  // Money never moves on old numbers or without a network (issue 43).
  const moneyOffReason = !online || offlineSince !== null ? OFFLINE_MONEY_REASON : null

  // Back online: fresh balances without the customer having to ask.
  useOnReconnect(retry)

  return (
    <>
      <div className="kobo-page-head">
        <Title level={1}>{welcome(userInfo?.firstName)}</Title>
        <Text type="secondary">{DASHBOARD_SUBHEADING}</Text>
      </div>

      {summary && offlineSince !== null ? (
        // No network: the tab's last answer, labelled with its time.
        <>
          <OfflineBalancesBanner savedAt={offlineSince} onRetry={retry} />
          <SummaryGrid summary={summary} moneyOffReason={moneyOffReason} />
        </>
      ) : summary ? (
        // A failed refresh (after opening an account) keeps the summary on screen under a banner.
        <LoadState load={load} onRetry={retry} failedTitle={DASHBOARD_FAILED} hasData>
          <SummaryGrid summary={summary} moneyOffReason={moneyOffReason} />
        </LoadState>
      ) : load.status === 'failed' && unreachable ? (
        <OfflineNotice onRetry={retry} />
      ) : load.status === 'failed' ? (
        // The alert is its own box: a card around it would only frame it twice.
        <LoadState load={load} onRetry={retry} failedTitle={DASHBOARD_FAILED} />
      ) : (
        <Card>
          <LoadState load={load} onRetry={retry} failedTitle={DASHBOARD_FAILED} skeletonRows={6} />
        </Card>
      )}
    </>
  )
}

function SummaryGrid({ summary, moneyOffReason }: { summary: ClientSummary; moneyOffReason: string | null }) {
  // The lists below the accounts and totals come a task later (lib/useAfterFirstPaint.ts):
  // below the fold on a phone, and a row of their own on a wide screen, so nothing moves.
  const later = useAfterFirstPaint()
  return (
    <Row gutter={[20, 20]}>
      <Col xs={24} lg={14}>
        <Card title={MY_ACCOUNTS} extra={<AddAccountMenu accounts={summary.accounts} moneyOffReason={moneyOffReason} />}>
          {summary.accounts.length > 0 ? (
            <AccountCardStack accounts={summary.accounts} Eye={BalanceToggle} />
          ) : (
            <Text type="secondary">{NO_ACCOUNTS}</Text>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <div style={{ display: 'grid', gap: 20 }}>
          <TotalBalanceCard
            total={summary.totalAvailableBalance}
            accountCount={summary.accounts.length}
            savings={summary.totalSavings}
            moneyOffReason={moneyOffReason}
          />
          <WeeklySummaryCard summary={summary.weeklyTransactionSummary} />
        </div>
      </Col>
      {later && (
        <>
          <Col xs={24} lg={14}>
            <RecentTransactionsCard transactions={summary.recentTransactions} moneyOffReason={moneyOffReason} />
          </Col>
          <Col xs={24} lg={10}>
            <ScheduledPaymentsCard payments={summary.scheduledPayments} />
          </Col>
        </>
      )}
    </Row>
  )
}
