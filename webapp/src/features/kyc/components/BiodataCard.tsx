/** What the bank holds about the customer (GET /api/kyc/biodata); BVN and NIN partly masked. */
import { Card, Descriptions } from 'antd'
import { IdcardOutlined } from '@ant-design/icons'
import { humanize } from '../../../lib/format'
import { LoadState } from '../../../components/LoadState'
import type { Load } from '../../../lib/loadStatus'
import type { KycBiodata } from '../types'
import { BIODATA_FAILED } from '../texts'
import { formatBirthDate, maskNumber } from '../biodata'

interface BiodataCardProps {
  biodata: KycBiodata | null
  load: Load
  onRetry: () => void
}

export function BiodataCard({ biodata, load, onRetry }: BiodataCardProps) {
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
      <LoadState load={load} onRetry={onRetry} failedTitle={BIODATA_FAILED} hasData={Boolean(biodata)} skeletonRows={5}>
        {() => biodata && <BiodataList biodata={biodata} />}
      </LoadState>
    </Card>
  )
}

function BiodataList({ biodata }: { biodata: KycBiodata }) {
  return (
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
  )
}
