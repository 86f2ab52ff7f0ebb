/** Route /home: the dashboard (docs/contract.md §7.1). Data: GET /api/client-summary. */
import { useEffect } from 'react'
import { Card, Col, Row, Typography } from 'antd'
import { LoadState } from '../../components/LoadState'
import { useAppDispatch, useAppSelector } from '../../store/hooks'
import { selectUserInfo } from '../../store/appSlice'
import type { ClientSummary } from '../../api/types'
import { selectDashboard, summaryRequested } from '../../store/accounts/summarySlice'
import { AccountCardStack } from './components/AccountCardStack'
import { BalanceToggle } from '../../components/BalanceToggle'
import { DASHBOARD_SUBHEADING, MY_ACCOUNTS, NO_ACCOUNTS, welcome } from './texts'
import { TotalBalanceCard } from './components/TotalBalanceCard'
import { WeeklySummaryCard } from './components/WeeklySummaryCard'
import { RecentTransactionsCard } from './components/RecentTransactionsCard'
import { ScheduledPaymentsCard } from './components/ScheduledPaymentsCard'
import { AddAccountMenu } from './components/AddAccountMenu'
import { useAfterFirstPaint } from '../../lib/useAfterFirstPaint'

export const DASHBOARD_FAILED = "We couldn't load your dashboard"

export function HomePage() {
  const dispatch = useAppDispatch()
  const userInfo = useAppSelector(selectUserInfo)
  const { summary, load } = useAppSelector(selectDashboard)
  const retry = () => dispatch(summaryRequested())

  useEffect(() => {
    dispatch(summaryRequested())
  }, [dispatch])

  return (
    <>
      <div className="kobo-page-head">
        <Typography.Title level={1}>{welcome(userInfo?.firstName)}</Typography.Title>
        <Typography.Text type="secondary">{DASHBOARD_SUBHEADING}</Typography.Text>
      </div>

      {summary ? (
        // A failed refresh (after opening an account) keeps the summary on screen under a banner.
        <LoadState load={load} onRetry={retry} failedTitle={DASHBOARD_FAILED} hasData>
          <SummaryGrid summary={summary} />
        </LoadState>
      ) : load.status === 'failed' ? (
        // The alert is its own box: a card around it would only frame it twice.
        <LoadState load={load} onRetry={retry} failedTitle={DASHBOARD_FAILED} />
      ) : (
        <Card variant="borderless">
          <LoadState load={load} onRetry={retry} failedTitle={DASHBOARD_FAILED} skeletonRows={6} />
        </Card>
      )}
    </>
  )
}

function SummaryGrid({ summary }: { summary: ClientSummary }) {
  // The lists below the accounts and totals come a task later (lib/useAfterFirstPaint.ts):
  // below the fold on a phone, and a row of their own on a wide screen, so nothing moves.
  const later = useAfterFirstPaint()
  return (
    <Row gutter={[20, 20]}>
      <Col xs={24} lg={14}>
        <Card title={MY_ACCOUNTS} variant="borderless" extra={<AddAccountMenu />}>
          {summary.accounts.length > 0 ? (
            <AccountCardStack accounts={summary.accounts} Eye={BalanceToggle} />
          ) : (
            <Typography.Text type="secondary">{NO_ACCOUNTS}</Typography.Text>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <div style={{ display: 'grid', gap: 20 }}>
          <TotalBalanceCard total={summary.totalAvailableBalance} accountCount={summary.accounts.length} />
          <WeeklySummaryCard summary={summary.weeklyTransactionSummary} />
        </div>
      </Col>
      {later && (
        <>
          <Col xs={24} lg={14}>
            <RecentTransactionsCard transactions={summary.recentTransactions} />
          </Col>
          <Col xs={24} lg={10}>
            <ScheduledPaymentsCard payments={summary.scheduledPayments} />
          </Col>
        </>
      )}
    </Row>
  )
}
