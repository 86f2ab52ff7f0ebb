/** Route /home: the dashboard (spec part 1, "Dashboard"). Data: GET /api/client-summary. */
import { Suspense, lazy, useEffect } from 'react'
import { Card, Col, Row, Skeleton, Typography } from 'antd'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { selectUserInfo } from '../../app/appSlice'
import { selectDashboard, summaryRequested } from './dashboardSlice'
import { AccountCardStack } from './components/AccountCardStack'
import { TotalBalanceCard } from './components/TotalBalanceCard'
import { WeeklySummaryCard } from './components/WeeklySummaryCard'
import { RecentTransactionsCard } from './components/RecentTransactionsCard'
import { ScheduledPaymentsCard } from './components/ScheduledPaymentsCard'
import { AddAccountMenu } from './components/AddAccountMenu'

// antd's Result (with its illustrations) loads only when the summary fails.
const DashboardLoadError = lazy(async () => ({
  default: (await import('./components/DashboardLoadError')).DashboardLoadError,
}))

export function HomePage() {
  const dispatch = useAppDispatch()
  const userInfo = useAppSelector(selectUserInfo)
  const { summary, loading, failed } = useAppSelector(selectDashboard)

  useEffect(() => {
    dispatch(summaryRequested())
  }, [dispatch])

  return (
    <>
      <div className="kobo-page-head">
        <Typography.Title level={1}>Welcome {userInfo?.firstName ?? ''}</Typography.Title>
        <Typography.Text type="secondary">User Dashboard</Typography.Text>
      </div>

      {!summary && loading && (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      )}

      {!summary && failed && (
        <Card>
          <Suspense fallback={null}>
            <DashboardLoadError onRetry={() => dispatch(summaryRequested())} />
          </Suspense>
        </Card>
      )}

      {summary && (
        <Row gutter={[20, 20]}>
          <Col xs={24} lg={14}>
            <Card
              title="My Accounts"
              variant="borderless"
              extra={<AddAccountMenu />}
            >
              {summary.accounts.length > 0 ? (
                <AccountCardStack accounts={summary.accounts} />
              ) : (
                <Typography.Text type="secondary">You have no accounts yet.</Typography.Text>
              )}
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <div style={{ display: 'grid', gap: 20 }}>
              <TotalBalanceCard total={summary.totalAvailableBalance} accountCount={summary.accounts.length} />
              <WeeklySummaryCard summary={summary.weeklyTransactionSummary} />
            </div>
          </Col>
          <Col xs={24} lg={14}>
            <RecentTransactionsCard transactions={summary.recentTransactions} />
          </Col>
          <Col xs={24} lg={10}>
            <ScheduledPaymentsCard payments={summary.scheduledPayments} />
          </Col>
        </Row>
      )}
    </>
  )
}
