/** What the bank holds about the customer (GET /api/kyc/biodata); BVN and NIN partly masked. */
import { Card, Descriptions, Skeleton } from 'antd'
import { IdcardOutlined } from '@ant-design/icons'
import { humanize } from '../../../lib/format'
import type { KycBiodata } from '../types'
import { formatBirthDate, maskNumber } from '../biodata'

export function BiodataCard({ biodata, loading }: { biodata: KycBiodata | null; loading: boolean }) {
  return (
    <Card
      variant="borderless"
      className="kobo-kyc-biodata"
      title={
        <span>
          <IdcardOutlined /> Your Details
        </span>
      }
    >
      {!biodata ? (
        <Skeleton active={loading} paragraph={{ rows: 5 }} title={false} />
      ) : (
        <Descriptions
          column={1}
          size="small"
          colon={false}
          items={[
            { key: 'name', label: 'Full Name', children: `${biodata.firstName} ${biodata.lastName}` },
            { key: 'dob', label: 'Date of Birth', children: formatBirthDate(biodata.dateOfBirth) },
            { key: 'gender', label: 'Gender', children: biodata.gender ? humanize(biodata.gender) : '—' },
            { key: 'phone', label: 'Phone Number', children: biodata.phoneNumber || '—' },
            { key: 'email', label: 'Email', children: <span className="kobo-kyc-biodata__email">{biodata.email}</span> },
            { key: 'address', label: 'Address', children: biodata.address || '—' },
            { key: 'bvn', label: 'BVN', children: maskNumber(biodata.bvn) },
            { key: 'nin', label: 'NIN', children: maskNumber(biodata.nin) },
          ]}
        />
      )}
    </Card>
  )
}
