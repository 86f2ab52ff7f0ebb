/** Placeholder for logged-in pages that later issues fill in. */
import { Button, Card, Result, Typography } from 'antd'
import { RocketOutlined } from '@ant-design/icons'
import { useNavigate } from 'react-router'

export const COMING_SOON = 'This page is coming soon'

export function ComingSoonPage({ title }: { title: string }) {
  const navigate = useNavigate()
  return (
    <>
      <div className="kobo-page-head">
        <Typography.Title level={1}>{title}</Typography.Title>
      </div>
      <Card>
        <Result
          icon={<RocketOutlined style={{ color: '#0B6E4F' }} />}
          title={COMING_SOON}
          subTitle="We're putting the finishing touches on this part of Kobo. Check back shortly."
          extra={
            <Button type="primary" onClick={() => navigate('/home')}>
              Back to Home
            </Button>
          }
        />
      </Card>
    </>
  )
}
