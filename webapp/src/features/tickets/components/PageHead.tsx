/** Heading and breadcrumbs shared by the list and the conversation. */
import type { ReactNode } from 'react'
import { Breadcrumb, Typography } from 'antd'
import { Link } from 'react-router'
import { HomeOutlined } from '@ant-design/icons'
import { CUSTOMER_SERVICE_HEADING } from '../texts'

interface Props {
  /** The open ticket's subject, as the last crumb. */
  current?: string
  subtitle: string
  actions?: ReactNode
}

export function PageHead({ current, subtitle, actions }: Props) {
  return (
    <div className="kobo-page-head kobo-cs-head">
      <Breadcrumb
        className="kobo-cs-breadcrumb"
        items={[
          {
            title: (
              <Link to="/home">
                <HomeOutlined /> Home
              </Link>
            ),
          },
          current === undefined
            ? { title: CUSTOMER_SERVICE_HEADING }
            : { title: <Link to="/customer-service">{CUSTOMER_SERVICE_HEADING}</Link> },
          ...(current === undefined ? [] : [{ title: <span className="kobo-cs-breadcrumb__current">{current}</span> }]),
        ]}
      />
      <div className="kobo-cs-head__row">
        <div>
          <Typography.Title level={1}>{CUSTOMER_SERVICE_HEADING}</Typography.Title>
          <Typography.Text type="secondary">{subtitle}</Typography.Text>
        </div>
        {actions}
      </div>
    </div>
  )
}
