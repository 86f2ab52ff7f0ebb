/**
 * Bulk Bank Transfer: rows added one by one, pasted or uploaded as CSV
 * (account, bank code, amount, narration). Every row's name is looked up
 * before Send; one code confirms the batch; each row's result is shown.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { Button, Checkbox, Col, Form, Row, Select, Typography, Upload } from 'antd'
import { FileTextOutlined, SendOutlined, UploadOutlined } from '@ant-design/icons'
import type { Account } from '../../../api/types'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { formatNaira } from '../../../lib/format'
import { accountOptionLabel } from '../../../components/accounts/accountStyles'
import { parseBulkCsv, type BulkCsvRow } from '../bulkCsv'
import {
  bulkCancelled,
  bulkConfirmRequested,
  bulkPasskeyRequested,
  bulkRequested,
  bulkReset,
  selectTransfers,
} from '../transfersSlice'
import { payeeKey, useNameLookups } from '../../../store/payees/nameLookup'
import { BULK_NOT_RESOLVED, MAX_BULK_ROWS } from '../texts'
import type { Bank, BulkTransferRow } from '../../../api/transferTypes'
import { CodeDialog } from '../../../components/code/CodeDialog'
import { ScheduleFields } from '../../../store/schedules/ScheduleFields'
import { scheduleSettingOf, type ScheduleValues } from '../../../store/schedules/schedule'
import { selectSchedules } from '../../../store/schedules/schedulesSlice'
import { schedulesApi } from '../../../store/schedules/reads'
import { useWrite } from '../../../api/useWrite'
import { BulkRowForm } from './bulk/BulkRowForm'
import { BulkSummary, CsvErrors } from './bulk/BulkNotices'
import { BulkRowsTable } from './bulk/BulkRowsTable'
import { PasteCsvModal } from './bulk/PasteCsvModal'
import type { BulkRow, BulkRowValues } from './bulk/bulkRows'
import { NewAccountCapNotice } from '../NewAccountCapNotice'
import { RefusalNotice } from '../../../components/payment/RefusalNotice'


export function BulkTransfer({ accounts, banks }: { accounts: Account[]; banks: Bank[] }) {
  const dispatch = useAppDispatch()
  const { bulk, bulkCompleted } = useAppSelector(selectTransfers)
  const { approval, scheduled } = useAppSelector(selectSchedules)
  const [createSchedule, creatingSchedule] = useWrite(schedulesApi.endpoints.createSchedule)
  const [scheduleForm] = Form.useForm<ScheduleValues & { scheduleTransaction?: boolean }>()
  const scheduling = Form.useWatch('scheduleTransaction', scheduleForm)
  const [rows, setRows] = useState<BulkRow[]>([])
  // Each row's name is asked for as it is added, and forgotten as it goes.
  const lookups = useNameLookups(rows)
  const [source, setSource] = useState<string | undefined>()
  const [csvErrors, setCsvErrors] = useState<string[]>([])
  const [pasteOpen, setPasteOpen] = useState(false)
  const nextId = useRef(1)
  const [rowForm] = Form.useForm<BulkRowValues>()

  const bankName = useMemo(() => new Map(banks.map((b) => [b.institutionCode, b.institutionName])), [banks])
  const done = bulk.step === 'done'
  const hasRowErrors = Object.keys(bulk.rowErrors).length > 0
  const locked = bulk.step !== 'idle'

  // A new batch after a finished one starts empty.
  // (So does an approved scheduled batch.)
  const seen = useRef(bulkCompleted + scheduled)
  useEffect(() => {
    if (seen.current === bulkCompleted + scheduled) return
    seen.current = bulkCompleted + scheduled
    scheduleForm.resetFields()
    setRows([])
  }, [bulkCompleted, scheduled, scheduleForm])

  const addRows = (added: BulkCsvRow[]) => {
    const room = MAX_BULK_ROWS - rows.length
    const accepted = added.slice(0, Math.max(0, room)).map((row) => ({ ...row, id: nextId.current++ }))
    setRows((current) => [...current, ...accepted])
    if (added.length > accepted.length) {
      setCsvErrors((errors) => [...errors, `A bulk transfer can have at most ${MAX_BULK_ROWS} rows`])
    }
  }

  const removeRow = (row: BulkRow) => {
    // Row refusals are numbered by position: they no longer apply once rows move.
    if (hasRowErrors) dispatch(bulkCancelled())
    setRows((current) => current.filter((r) => r.id !== row.id))
  }

  const importCsv = (text: string) => {
    const { rows: parsed, errors } = parseBulkCsv(text, banks.length ? bankName.keys() : undefined)
    setCsvErrors(errors)
    addRows(parsed)
    return parsed.length
  }

  const allResolved = rows.length > 0 && rows.every((row) => lookups[payeeKey(row)]?.status === 'resolved')
  const total = rows.reduce((sum, row) => sum + Math.round(row.amount * 100), 0) / 100

  const send = async () => {
    if (!source || !allResolved) return
    // Scheduled: POST …/schedule-payments/bulk with one setting for every row, then the approval code.
    const schedule = scheduling ? await scheduleForm.validateFields().catch(() => null) : null
    if (scheduling && !schedule) return
    const transfers: BulkTransferRow[] = rows.map((row) => {
      const result = lookups[payeeKey(row)]?.result
      return {
        sourceAccountNumber: source,
        destinationAccountNumber: row.accountNumber,
        destinationBankCode: row.bankCode,
        destinationAccountName: result?.accountName ?? null,
        destinationBankName: result?.bankName ?? bankName.get(row.bankCode) ?? null,
        nameInquiryReference: result?.nameInquiryReference ?? null,
        amount: row.amount,
        description: row.description || null,
      }
    })
    if (schedule) void createSchedule({ rows: transfers, setting: scheduleSettingOf(schedule) })
    else dispatch(bulkRequested({ transfers }))
  }

  const results = bulk.result?.transfers ?? []

  return (
    <div className="kobo-bulk">
      <Row gutter={16} align="bottom">
        <Col xs={24} md={12}>
          {/* Laid out as the other tabs' From Account (antd's vertical label, required mark). */}
          <Form layout="vertical" component="div">
            <Form.Item label="From Account" required htmlFor="bulk-source-account" className="kobo-bulk__source">
              <Select
                id="bulk-source-account"
                aria-label="From Account"
                placeholder="Select From Account"
                value={source}
                onChange={setSource}
                disabled={locked}
                notFoundContent="No options"
                options={accounts.map((a) => ({ label: accountOptionLabel(a), value: a.accountNumber }))}
              />
            </Form.Item>
          </Form>
        </Col>
        <Col xs={24} md={12} className="kobo-bulk__imports">
          <Upload
            accept=".csv,text/csv,text/plain"
            showUploadList={false}
            disabled={locked}
            beforeUpload={(file) => {
              void file.text().then(importCsv)
              return false
            }}
          >
            <Button icon={<UploadOutlined />} disabled={locked}>
              Upload CSV
            </Button>
          </Upload>
          <Button icon={<FileTextOutlined />} onClick={() => setPasteOpen(true)} disabled={locked}>
            Paste CSV
          </Button>
        </Col>
      </Row>
      {source && <NewAccountCapNotice account={source} />}

      {!locked && <BulkRowForm form={rowForm} banks={banks} onAdd={(row) => addRows([row])} />}

      <CsvErrors errors={csvErrors} onClose={() => setCsvErrors([])} />

      {done && bulk.result && <BulkSummary result={bulk.result} onNewBatch={() => dispatch(bulkReset())} />}

      <BulkRowsTable
        rows={rows}
        lookups={lookups}
        bankName={bankName}
        locked={locked}
        rowErrors={bulk.rowErrors}
        results={results}
        total={total}
        onRemove={removeRow}
      />

      {!done && !locked && (
        <Form form={scheduleForm} layout="vertical" initialValues={{ scheduleTransaction: false, continuous: false }}>
          <div className="kobo-transfer-options">
            <Form.Item name="scheduleTransaction" valuePropName="checked" noStyle>
              <Checkbox>Schedule this transfer</Checkbox>
            </Form.Item>
          </div>
          {scheduling && <ScheduleFields />}
        </Form>
      )}

      {bulk.step === 'idle' && <RefusalNotice error={bulk.error ?? null} inSettings={bulk.inSettings} />}

      {!done && (
        <div className="kobo-bulk__send">
          {rows.length > 0 && !allResolved && <Typography.Text type="secondary">{BULK_NOT_RESOLVED}</Typography.Text>}
          <Button
            type="primary"
            size="large"
            className="kobo-transfer-send"
            icon={<SendOutlined />}
            disabled={!allResolved || !source || locked || approval.step === 'code' || approval.step === 'confirming'}
            loading={bulk.step === 'submitting' || creatingSchedule}
            onClick={() => void send()}
          >
            Send
          </Button>
        </div>
      )}

      <PasteCsvModal open={pasteOpen} onClose={() => setPasteOpen(false)} onImport={importCsv} />

      <CodeDialog
        open={bulk.step === 'code' || bulk.step === 'confirming'}
        message={bulk.pending?.message}
        twoFactor={bulk.pending?.twoFactorAuthentication}
        loading={bulk.step === 'confirming'}
        failures={bulk.failures}
        onSubmit={(otp) => dispatch(bulkConfirmRequested({ otp }))}
        onCancel={() => dispatch(bulkCancelled())}
        submitText="Confirm Transfers"
        onPasskey={bulk.pending?.passkeyApproval ? () => dispatch(bulkPasskeyRequested()) : undefined}
        passkeyTitle="Approve these payments"
        passkeyText="Confirm with your fingerprint, face or screen lock. Your passkey approves only these payments."
        warning={bulk.pending?.riskWarning}
      >
        {bulk.pending && (
          <div className="kobo-code-summary">
            <div className="kobo-code-summary__amount">{formatNaira(bulk.pending.totalAmount)}</div>
            <div>
              in <strong>{bulk.pending.transfers.length}</strong> transfers from {source}
            </div>
          </div>
        )}
      </CodeDialog>
    </div>
  )
}
