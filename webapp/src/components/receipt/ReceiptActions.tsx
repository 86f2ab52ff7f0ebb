/** "Share receipt" and "Download receipt" for one reference: on success screens and in details. */
import { Button, Space, Tooltip } from 'antd'
import { DownloadOutlined, ShareAltOutlined } from '@ant-design/icons'
import { useReceiptActions } from './useReceiptActions'
import './receipt.css'

export const SHARE_RECEIPT = 'Share receipt'
export const DOWNLOAD_RECEIPT = 'Download receipt'

interface Props {
  referenceNumber: string | null | undefined
  /** Icon-only buttons for table rows (bulk results), named for screen readers. */
  compact?: boolean
  /** Full width, side by side: success screens and details. */
  block?: boolean
}

export function ReceiptActions({ referenceNumber, compact = false, block = false }: Props) {
  const receipt = useReceiptActions(referenceNumber)
  if (!receipt.available) return null
  if (compact) {
    return (
      <Space size={4} className="kobo-receipt-actions">
        <Tooltip title={SHARE_RECEIPT}>
          <Button
            size="small"
            icon={<ShareAltOutlined />}
            loading={receipt.sharing}
            onClick={() => void receipt.share()}
            aria-label={`${SHARE_RECEIPT} ${referenceNumber}`}
          />
        </Tooltip>
        <Tooltip title={DOWNLOAD_RECEIPT}>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={receipt.downloading}
            onClick={() => void receipt.download()}
            aria-label={`${DOWNLOAD_RECEIPT} ${referenceNumber}`}
          />
        </Tooltip>
      </Space>
    )
  }
  return (
    <Space className={`kobo-receipt-actions${block ? ' kobo-receipt-actions--block' : ''}`} wrap size={8}>
      <Button
        icon={<ShareAltOutlined />}
        loading={receipt.sharing}
        onClick={() => void receipt.share()}
      >
        {SHARE_RECEIPT}
      </Button>
      <Button
        icon={<DownloadOutlined />}
        loading={receipt.downloading}
        onClick={() => void receipt.download()}
      >
        {DOWNLOAD_RECEIPT}
      </Button>
    </Space>
  )
}
