/** Shown when the dashboard summary fails; its own module so antd's Result loads only then. */
import { Button, Result } from 'antd'

export function DashboardLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title="We couldn't load your dashboard"
      extra={
        <Button type="primary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  )
}
