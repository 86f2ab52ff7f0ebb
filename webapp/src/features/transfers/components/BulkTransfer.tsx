/**
 * Bulk Bank Transfer: rows added one by one, pasted or uploaded as CSV
 * (account, bank code, amount, narration). Every row's name is looked up
 * before Send; one code confirms the batch; each row's result is shown.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { Alert, Button, Checkbox, Col, Form, Input, Modal, Row, Select, Table, Tag, Typography, Upload } from 'antd'
import { DeleteOutlined, FileTextOutlined, PlusOutlined, SendOutlined, UploadOutlined } from '@ant-design/icons'
import type { Account } from '../../../api/types'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { formatNaira } from '../../../lib/format'
import { REQUIRED } from '../../../lib/validation'
import { accountOptionLabel } from '../../../components/accounts/accountStyles'
import { parseBulkCsv, CSV_TEMPLATE, type BulkCsvRow } from '../bulkCsv'
import {
  bulkCancelled,
  bulkConfirmRequested,
  bulkRequested,
  bulkReset,
  selectTransfers,
} from '../transfersSlice'
import { lookupCleared, lookupRequested, selectPayees, type LookupState } from '../../../store/payees/payeesSlice'
import { BULK_NOT_RESOLVED, KOBO_BANK_CODE, MAX_BULK_ROWS } from '../texts'
import type { Bank, BulkTransferRow, Transfer } from '../../../api/transferTypes'
import { ReceiptActions } from '../../../components/receipt/ReceiptActions'
import { AmountInput } from '../../../components/amount/AmountInput'
import { amountRules } from '../../../lib/amount'
import { CodeDialog } from '../../../components/code/CodeDialog'
import { accountNumberRules, normalizeAccountNumber } from '../../../components/payee/nameLookup'
import { ScheduleFields } from '../../../components/schedule/ScheduleFields'
import { scheduleSettingOf, type ScheduleValues } from '../../../store/schedules/schedule'
import { bulkScheduleRequested, selectScheduledPayments } from '../../../store/schedules/scheduledPaymentsSlice'


interface BulkRow extends BulkCsvRow {
  id: number
}

const lookupKeyOf = (row: BulkRow) => `bulk-${row.id}`

function NameCell({ lookup }: { lookup: LookupState | undefined }) {
  if (!lookup || lookup.status === 'loading') return <Typography.Text type="secondary">Verifying…</Typography.Text>
  if (lookup.status === 'failed') return <Typography.Text type="danger">{lookup.error}</Typography.Text>
  return <Typography.Text strong>{lookup.result?.accountName}</Typography.Text>
}

function ResultCell({ transfer, refusal }: { transfer?: Transfer; refusal?: string }) {
  if (refusal) return <Typography.Text type="danger">{refusal}</Typography.Text>
  if (!transfer) return null
  const color = transfer.status === 'COMPLETED' ? 'success' : transfer.status === 'FAILED' ? 'error' : 'warning'
  const label = transfer.status === 'COMPLETED' ? 'Successful' : transfer.status === 'FAILED' ? 'Failed' : 'Pending'
  return (
    <div className="kobo-bulk-result">
      <Tag color={color}>{label}</Tag>
      {transfer.status === 'FAILED' && transfer.message && <span className="kobo-bulk-result__text">{transfer.message}</span>}
      {/* A refused row moved no money: there is nothing to show a receipt for. */}
      {transfer.status !== 'FAILED' && <ReceiptActions referenceNumber={transfer.referenceNumber} compact />}
    </div>
  )
}

export function BulkTransfer({ accounts, banks }: { accounts: Account[]; banks: Bank[] }) {
  const dispatch = useAppDispatch()
  const { bulk, bulkCompleted } = useAppSelector(selectTransfers)
  const { lookups } = useAppSelector(selectPayees)
  const { approval, scheduled } = useAppSelector(selectScheduledPayments)
  const [scheduleForm] = Form.useForm<ScheduleValues & { scheduleTransaction?: boolean }>()
  const scheduling = Form.useWatch('scheduleTransaction', scheduleForm)
  const [rows, setRows] = useState<BulkRow[]>([])
  const [source, setSource] = useState<string | undefined>()
  const [csvErrors, setCsvErrors] = useState<string[]>([])
  const [pasteOpen, setPasteOpen] = useState(false)
  const [pasteText, setPasteText] = useState('')
  const nextId = useRef(1)
  const [rowForm] = Form.useForm<{ destinationBankCode: string; accountNumber: string; amount: number; description?: string }>()

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
    setRows((current) => {
      current.forEach((row) => dispatch(lookupCleared(lookupKeyOf(row))))
      return []
    })
  }, [bulkCompleted, scheduled, dispatch, scheduleForm])

  const addRows = (added: BulkCsvRow[]) => {
    const room = MAX_BULK_ROWS - rows.length
    const accepted = added.slice(0, Math.max(0, room)).map((row) => ({ ...row, id: nextId.current++ }))
    for (const row of accepted) {
      dispatch(lookupRequested({ key: lookupKeyOf(row), accountNumber: row.accountNumber, bankCode: row.bankCode }))
    }
    setRows((current) => [...current, ...accepted])
    if (added.length > accepted.length) {
      setCsvErrors((errors) => [...errors, `A bulk transfer can have at most ${MAX_BULK_ROWS} rows`])
    }
  }

  const removeRow = (row: BulkRow) => {
    dispatch(lookupCleared(lookupKeyOf(row)))
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

  const allResolved = rows.length > 0 && rows.every((row) => lookups[lookupKeyOf(row)]?.status === 'resolved')
  const total = rows.reduce((sum, row) => sum + Math.round(row.amount * 100), 0) / 100

  const send = async () => {
    if (!source || !allResolved) return
    // Scheduled: POST …/schedule-payments/bulk with one setting for every row, then the approval code.
    const schedule = scheduling ? await scheduleForm.validateFields().catch(() => null) : null
    if (scheduling && !schedule) return
    const transfers: BulkTransferRow[] = rows.map((row) => {
      const result = lookups[lookupKeyOf(row)]?.result
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
    if (schedule) dispatch(bulkScheduleRequested({ rows: transfers, setting: scheduleSettingOf(schedule) }))
    else dispatch(bulkRequested({ transfers }))
  }

  const results = bulk.result?.transfers ?? []

  return (
    <div className="kobo-bulk">
      <Row gutter={16} align="bottom">
        <Col xs={24} md={12}>
          <label className="kobo-field">
            <span className="kobo-field__label">
              <span className="kobo-required">*</span> From Account
            </span>
            <Select
              aria-label="From Account"
              placeholder="Select From Account"
              value={source}
              onChange={setSource}
              disabled={locked}
              notFoundContent="No options"
              options={accounts.map((a) => ({ label: accountOptionLabel(a), value: a.accountNumber }))}
            />
          </label>
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

      {!locked && (
        <Form
          form={rowForm}
          layout="vertical"
          className="kobo-bulk__add"
          requiredMark
          initialValues={{ destinationBankCode: KOBO_BANK_CODE }}
          onFinish={(values) => {
            addRows([
              {
                accountNumber: values.accountNumber,
                bankCode: values.destinationBankCode,
                amount: values.amount,
                description: values.description?.trim() ?? '',
              },
            ])
            rowForm.resetFields()
          }}
        >
          <Row gutter={12}>
            <Col xs={24} md={12}>
              <Form.Item name="destinationBankCode" label="Bank" rules={[{ required: true, message: REQUIRED }]}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  notFoundContent="No options found"
                  options={banks.map((b) => ({ label: b.institutionName, value: b.institutionCode }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="accountNumber" label="Account Number" rules={accountNumberRules} normalize={normalizeAccountNumber}>
                <Input inputMode="numeric" maxLength={10} placeholder="10 digits" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} md={8}>
              <Form.Item name="amount" label="Amount" rules={amountRules()}>
                <AmountInput aria-label="Row amount" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} md={10}>
              <Form.Item name="description" label="Narration (Optional)">
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6} className="kobo-bulk__add-button">
              <Form.Item label=" " colon={false}>
                <Button htmlType="submit" icon={<PlusOutlined />} block>
                  Add row
                </Button>
              </Form.Item>
            </Col>
          </Row>
        </Form>
      )}

      {csvErrors.length > 0 && (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setCsvErrors([]) }}
          title="Some lines were not added"
          description={
            <ul className="kobo-bulk__errors">
              {csvErrors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          }
          style={{ marginBottom: 16 }}
        />
      )}

      {done && bulk.result && (
        <Alert
          type={bulk.result.failed > 0 ? 'warning' : bulk.result.pending > 0 ? 'info' : 'success'}
          showIcon
          title={bulk.result.message}
          description={`${bulk.result.completed} completed, ${bulk.result.pending} pending, ${bulk.result.failed} failed`}
          action={
            <Button size="small" type="primary" onClick={() => dispatch(bulkReset())}>
              New bulk transfer
            </Button>
          }
          style={{ marginBottom: 16 }}
          data-testid="bulk-summary"
        />
      )}

      <Table<BulkRow>
        className="kobo-bulk__table"
        rowKey="id"
        size="middle"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 760 }}
        locale={{ emptyText: 'No rows yet. Add a row, paste or upload a CSV.' }}
        columns={[
          { title: '#', key: 'n', width: 48, render: (_, __, index) => index + 1 },
          { title: 'Account Number', dataIndex: 'accountNumber', key: 'accountNumber', width: 130 },
          { title: 'Bank', key: 'bank', render: (_, row) => bankName.get(row.bankCode) ?? row.bankCode },
          { title: 'Account Name', key: 'name', render: (_, row) => <NameCell lookup={lookups[lookupKeyOf(row)]} /> },
          { title: 'Amount', key: 'amount', align: 'right', render: (_, row) => formatNaira(row.amount) },
          { title: 'Narration', dataIndex: 'description', key: 'description', ellipsis: true },
          ...(locked || hasRowErrors
            ? [
                {
                  title: 'Result',
                  key: 'result',
                  render: (_: unknown, __: BulkRow, index: number) => (
                    <ResultCell transfer={results[index]} refusal={bulk.rowErrors[index]} />
                  ),
                },
              ]
            : []),
          ...(!locked
            ? [
                {
                  title: '',
                  key: 'remove',
                  width: 56,
                  render: (_: unknown, row: BulkRow) => (
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`Remove row ${row.accountNumber}`}
                      onClick={() => removeRow(row)}
                    />
                  ),
                },
              ]
            : []),
        ]}
        summary={() =>
          rows.length > 0 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={4}>
                <strong>
                  Total ({rows.length} {rows.length === 1 ? 'transfer' : 'transfers'})
                </strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                <strong data-testid="bulk-total">{formatNaira(total)}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} colSpan={2} />
            </Table.Summary.Row>
          ) : null
        }
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

      {!done && (
        <div className="kobo-bulk__send">
          {rows.length > 0 && !allResolved && <Typography.Text type="secondary">{BULK_NOT_RESOLVED}</Typography.Text>}
          <Button
            type="primary"
            size="large"
            icon={<SendOutlined />}
            disabled={!allResolved || !source || locked || approval.step === 'code' || approval.step === 'confirming'}
            loading={bulk.step === 'submitting' || (approval.step === 'submitting' && approval.kind === 'BULK')}
            onClick={() => void send()}
          >
            Send
          </Button>
        </div>
      )}

      <Modal
        title="Paste CSV"
        open={pasteOpen}
        onCancel={() => setPasteOpen(false)}
        okText="Add rows"
        onOk={() => {
          importCsv(pasteText)
          setPasteText('')
          setPasteOpen(false)
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

      <CodeDialog
        open={bulk.step === 'code' || bulk.step === 'confirming'}
        message={bulk.pending?.message}
        twoFactor={bulk.pending?.twoFactorAuthentication}
        loading={bulk.step === 'confirming'}
        failures={bulk.failures}
        onSubmit={(otp) => dispatch(bulkConfirmRequested({ otp }))}
        onCancel={() => dispatch(bulkCancelled())}
        submitText="Confirm Transfers"
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
