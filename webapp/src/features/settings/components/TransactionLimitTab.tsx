/**
 * Transaction Limit: choose an account (product type), see one card per
 * transfer type with its Daily Transfer Limit and Maximum amount per
 * transaction and the KYC level's maximum; Set Limit → code → confirmed. A higher limit
 * waits out a cooling-off (docs/contract.md §16.4): the card says what it becomes, and from when.
 */
import { useEffect, useMemo, useState } from 'react'
import { Button, Empty, Form, Modal, Select, Typography } from 'antd'
import { ClockCircleOutlined, EditOutlined, SafetyOutlined } from '@ant-design/icons'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { LoadFailed, LoadState } from '../../../components/LoadState'
import { formatNaira } from '../../../lib/format'
import { REQUIRED } from '../../../lib/validation'
import { AmountInput } from '../../../components/amount/AmountInput'
import { AMOUNT_DECIMALS, hasAtMostTwoDecimals } from '../../../lib/amount'
import { CodeDialog } from '../../../components/code/CodeDialog'
import {
  limitChangeClosed,
  limitChangeRequested,
  limitConfirmRequested,
  limitEditOpened,
  limitPasskeyRequested,
  selectSettings,
  type LimitValues,
} from '../settingsSlice'
import { DAILY_LIMIT_LABEL, LIMITS_FAILED, SINGLE_LIMIT_LABEL } from '../texts'
import { useTransactionLimitsQuery } from '../reads'
import { loadOf } from '../../../api/koboApi'
import type { TransactionLimit } from '../types'

const limitRules = [
  { required: true, message: REQUIRED },
  {
    validator: (_: unknown, value: number | null | undefined) =>
      value === null || value === undefined || hasAtMostTwoDecimals(value)
        ? Promise.resolve()
        : Promise.reject(new Error(AMOUNT_DECIMALS)),
  },
]

function SetLimitModal({ limit }: { limit: TransactionLimit | undefined }) {
  const dispatch = useAppDispatch()
  const { limitChange } = useAppSelector(selectSettings)
  const [form] = Form.useForm<LimitValues>()
  const open = limitChange.step === 'editing' || limitChange.step === 'submitting'

  useEffect(() => {
    if (limitChange.errors.length === 0) return
    form.setFields(
      limitChange.errors
        .filter((e) => e.field === 'dailyTransactionLimit' || e.field === 'singleTransactionLimit')
        .map((e) => ({ name: e.field as keyof LimitValues, errors: [e.message] })),
    )
  }, [limitChange.errors, form])

  return (
    <Modal
      title="Set Limit"
      open={open}
      onCancel={() => dispatch(limitChangeClosed())}
      footer={null}
      destroyOnHidden
      width={460}
    >
      {limit && (
        <Typography.Paragraph type="secondary">
          {limit.transferTypeName} from {limit.productName}
        </Typography.Paragraph>
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark
        disabled={limitChange.step === 'submitting'}
        initialValues={limit ? { dailyTransactionLimit: limit.dailyLimit, singleTransactionLimit: limit.limitPerTransaction } : undefined}
        onFinish={(values) => dispatch(limitChangeRequested(values))}
      >
        <Form.Item
          name="dailyTransactionLimit"
          label={DAILY_LIMIT_LABEL}
          rules={limitRules}
          extra={limit && `Maximum for your KYC level: ${formatNaira(limit.maximumDailyLimit)}`}
        >
          <AmountInput aria-label={DAILY_LIMIT_LABEL} />
        </Form.Item>
        <Form.Item
          name="singleTransactionLimit"
          label={SINGLE_LIMIT_LABEL}
          rules={limitRules}
          extra={limit && `Maximum for your KYC level: ${formatNaira(limit.maximumLimitPerTransaction)}`}
        >
          <AmountInput aria-label={SINGLE_LIMIT_LABEL} />
        </Form.Item>
        <div className="kobo-dialog-actions">
          <Button onClick={() => dispatch(limitChangeClosed())}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={limitChange.step === 'submitting'}>
            Set Limit
          </Button>
        </div>
      </Form>
    </Modal>
  )
}

const NO_LIMITS: TransactionLimit[] = []

export function TransactionLimitTab() {
  const dispatch = useAppDispatch()
  const { limitChange } = useAppSelector(selectSettings)
  const read = useTransactionLimitsQuery()
  const limits = { items: read.data ?? NO_LIMITS, load: loadOf(read) }
  const [nuban, setNuban] = useState<string | undefined>()

  const products = useMemo(() => {
    const seen = new Map<string, string>()
    for (const row of limits.items) if (!seen.has(row.nuban)) seen.set(row.nuban, row.productName)
    return [...seen].map(([value, label]) => ({ value, label }))
  }, [limits.items])

  const chosen = nuban && products.some((p) => p.value === nuban) ? nuban : products[0]?.value
  const rows = limits.items.filter((row) => row.nuban === chosen)
  const editing = limits.items.find((row) => row.nuban === limitChange.nuban && row.transferType === limitChange.transferType)

  const retry = () => read.refetch()
  // Limits are read again after a change: keep the table, and make a failed reload a banner.
  const hasData = limits.items.length > 0
  if (limits.load.status !== 'succeeded' && !hasData) {
    return <LoadState load={limits.load} onRetry={retry} failedTitle={LIMITS_FAILED} />
  }
  if (products.length === 0) return <Empty description="No records to display" />

  return (
    <>
      {limits.load.status === 'failed' && (
        <LoadFailed title={LIMITS_FAILED} reason={limits.load.error} onRetry={retry} variant="banner" />
      )}
      <div className="kobo-settings-toolbar">
        <label className="kobo-field">
          <span className="kobo-field__label">Product Type</span>
          <Select
            aria-label="Product Type"
            value={chosen}
            onChange={setNuban}
            options={products}
            style={{ minWidth: 280, maxWidth: '100%' }}
            notFoundContent="No options"
          />
        </label>
        {rows[0] && (
          <Typography.Text type="secondary" className="kobo-limit-kyc">
            <SafetyOutlined /> Your KYC level allows up to {formatNaira(rows[0].maximumDailyLimit)} a day and{' '}
            {formatNaira(rows[0].maximumLimitPerTransaction)} per transaction.
          </Typography.Text>
        )}
      </div>
      <div className="kobo-limit-grid">
        {rows.map((row) => (
          <section className="kobo-limit-card" key={row.transferType} aria-label={row.transferTypeName} data-testid="limit-card">
            <header className="kobo-limit-card__head">
              <Typography.Title level={5}>{row.transferTypeName}</Typography.Title>
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => dispatch(limitEditOpened({ nuban: row.nuban, transferType: row.transferType }))}
                aria-label={`Set Limit for ${row.transferTypeName}`}
              >
                Set Limit
              </Button>
            </header>
            <dl className="kobo-limit-card__figures">
              <div>
                <dt>{DAILY_LIMIT_LABEL}</dt>
                <dd data-testid="daily-limit">{formatNaira(row.dailyLimit)}</dd>
              </div>
              <div>
                <dt>{SINGLE_LIMIT_LABEL}</dt>
                <dd data-testid="single-limit">{formatNaira(row.limitPerTransaction)}</dd>
              </div>
            </dl>
            {row.raiseFrom && (
              <div className="kobo-limit-card__raise" data-testid="limit-raise" role="note">
                <ClockCircleOutlined aria-hidden />
                <span>
                  From {row.raiseFrom} these limits rise to {formatNaira(row.raisedDailyLimit ?? row.dailyLimit)} a day and{' '}
                  {formatNaira(row.raisedLimitPerTransaction ?? row.limitPerTransaction)} per transaction.
                </span>
              </div>
            )}
            <div className="kobo-limit-card__max">
              Maximum: {formatNaira(row.maximumDailyLimit)} daily · {formatNaira(row.maximumLimitPerTransaction)} per
              transaction
            </div>
          </section>
        ))}
      </div>
      <SetLimitModal limit={editing} />
      <CodeDialog
        open={limitChange.step === 'code' || limitChange.step === 'confirming'}
        message={limitChange.pending?.message}
        twoFactor={limitChange.pending?.twoFactorAuthentication}
        loading={limitChange.step === 'confirming'}
        failures={limitChange.failures}
        onSubmit={(otp) => dispatch(limitConfirmRequested({ otp }))}
        onCancel={() => dispatch(limitChangeClosed())}
        onPasskey={limitChange.pending?.passkeyApproval ? () => dispatch(limitPasskeyRequested()) : undefined}
        passkeyTitle="Approve the new limits"
        passkeyText="Confirm with your fingerprint, face or screen lock. Your passkey approves only these limits."
      />
    </>
  )
}
