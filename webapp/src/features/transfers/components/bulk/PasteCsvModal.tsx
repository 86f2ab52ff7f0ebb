/** Paste CSV: one transfer per line, added to the rows on OK. */
import { useState } from 'react'
import { Input, Modal, Typography } from 'antd'
import { CSV_TEMPLATE } from '../../bulkCsv'

interface Props {
  open: boolean
  onClose: () => void
  onImport: (text: string) => void
}

export function PasteCsvModal({ open, onClose, onImport }: Props) {
  const [pasteText, setPasteText] = useState('')
  return (
    <Modal
      title="Paste CSV"
      open={open}
      onCancel={onClose}
      okText="Add rows"
      onOk={() => {
        onImport(pasteText)
        setPasteText('')
        onClose()
      }}
      okButtonProps={{ disabled: !pasteText.trim() }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        One transfer per line: account number, bank code, amount, narration. Leave the bank code empty for Kobo.
      </Typography.Paragraph>
      <Input.TextArea
        aria-label="CSV rows"
        rows={8}
        value={pasteText}
        onChange={(e) => setPasteText(e.target.value)}
        placeholder={CSV_TEMPLATE}
        className="kobo-bulk__paste"
      />
    </Modal>
  )
}
