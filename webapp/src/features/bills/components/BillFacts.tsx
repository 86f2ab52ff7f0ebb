/** A bill's fields as a definition list, and its token (copyable, in groups of four). */
import { Tag, Typography } from 'antd'
import { formatDateTime, formatNaira, humanize } from '../../../lib/format'
import { formatToken, productLabel, recipientOf, statusColor, statusLabel } from '../display'
import type { BillLog } from '../types'
import type { ReactNode } from 'react'

export function BillToken({ token }: { token: string }) {
  return (
    <Typography.Text className="kobo-bill-token" copyable={{ text: token, tooltips: ['Copy token', 'Copied'] }} data-testid="bill-token">
      {formatToken(token)}
    </Typography.Text>
  )
}

export function StatusTag({ status }: { status: string }) {
  return (
    <Tag color={statusColor(status)} className="kobo-bill-status">
      {statusLabel(status)}
    </Tag>
  )
}

type Row = [label: string, value: ReactNode, show: boolean]

/** Every field of the bill log (docs/contract.md §11.5); those of other products only when set. */
function billRows(bill: BillLog): Row[] {
  const type = bill.utilityProductType
  const electricity = type === 'ELECTRICITY_BILL'
  const cable = type === 'CABLE_TV'
  const phoneProduct = type === 'AIRTIME' || type === 'DATA'
  const dash = (value: string | null | undefined) => value || '—'
  return [
    ['Date', formatDateTime(bill.dateCreated), true],
    ['Product', productLabel(type), true],
    ['Provider', bill.utilityProviderTitle, true],
    ['Vendor', bill.vender, true],
    ['Amount', formatNaira(bill.amount), true],
    ['Status', <StatusTag key="status" status={bill.vendingStatus} />, true],
    ['Reference', <span key="ref" className="kobo-bill-reference">{bill.reference}</span>, true],
    ['Source Account', bill.sourceAccount, true],
    ['Phone Number', dash(bill.phoneNumber), phoneProduct || Boolean(bill.phoneNumber)],
    ['Data Bundle', dash(bill.dataBundleCode), type === 'DATA' || Boolean(bill.dataBundleCode)],
    ['Meter Number', dash(bill.electricityMeterNumber), electricity || Boolean(bill.electricityMeterNumber)],
    ['Meter Type', bill.electricityMeterType ? humanize(bill.electricityMeterType) : '—', electricity || Boolean(bill.electricityMeterType)],
    ['Meter Owner', dash(bill.electricityMeterOwner), electricity || Boolean(bill.electricityMeterOwner)],
    ["Owner's Phone Number", dash(bill.electricityMeterOwnerPhoneNumber), electricity || Boolean(bill.electricityMeterOwnerPhoneNumber)],
    ["Owner's Address", dash(bill.electricityMeterOwnerAddress), electricity || Boolean(bill.electricityMeterOwnerAddress)],
    ['Token', bill.vendingToken ? <BillToken key="token" token={bill.vendingToken} /> : '—', electricity || Boolean(bill.vendingToken)],
    ['Units', dash(bill.units), electricity || Boolean(bill.units)],
    ['Smart Card Number', dash(bill.cableTvSmartCardNumber), cable || Boolean(bill.cableTvSmartCardNumber)],
    ['Bouquet', dash(bill.cableTvBouquetCode), cable || Boolean(bill.cableTvBouquetCode)],
    ['Message', dash(bill.message), true],
  ]
}

export function BillFacts({ bill, compact = false }: { bill: BillLog; compact?: boolean }) {
  const rows = compact
    ? billRows(bill).filter(([label]) =>
        ['Amount', 'Provider', 'Phone Number', 'Meter Number', 'Meter Owner', 'Token', 'Units', 'Smart Card Number', 'Reference'].includes(label),
      )
    : billRows(bill)
  return (
    <dl className="kobo-bill-facts" data-testid="bill-facts" aria-label={`${productLabel(bill.utilityProductType)} to ${recipientOf(bill)}`}>
      {rows
        .filter(([, value, show]) => show && (!compact || value !== '—'))
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  )
}
