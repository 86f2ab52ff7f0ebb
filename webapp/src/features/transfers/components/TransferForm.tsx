/**
 * One transfer: Intra Bank, Own Account or Other Bank
 * (docs/contract.md §8.1). Send stays disabled until the recipient's name is resolved (or a
 * saved beneficiary / own account is chosen); Send opens the code dialog.
 */
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react'
import { Button, Checkbox, Col, Form, Input, Row, Select, Skeleton } from 'antd'
import { SendOutlined } from '@ant-design/icons'
import type { Account } from '../../../api/types'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { REQUIRED } from '../../../lib/validation'
import { AccountSelectField } from '../../../components/accounts/AccountSelectField'
import { useBeneficiariesQuery } from '../../../store/beneficiaries/reads'
import { selectTransfers, transferRequested } from '../transfersSlice'
import { payeesApi } from '../../../store/payees/reads'
import { KOBO_BANK_CODE } from '../../../lib/bank'
import type { Bank, TransferKind, TransferRequest } from '../../../api/transferTypes'
import { AmountField } from '../../../components/amount/AmountField'
import { MountWhenNeeded } from '../../../components/MountWhenNeeded'
import { AccountNumberField } from '../../../store/payees/AccountNumberField'
import { takeTap } from './formPictureTap'
import { isResolved, useNameLookup } from '../../../store/payees/nameLookup'
import { scheduleSettingOf, type ScheduleValues } from '../../../store/schedules/schedule'
import { selectSchedules } from '../../../store/schedules/schedulesSlice'
import { useWrite } from '../../../api/useWrite'
import { withAntdRestStyles } from '../../../lib/antdStyles'
import { TransferInLimits } from '../../../api/limits'

// Loaded when first needed (issue 23): the schedule fields bring antd's date picker, the
// code dialog antd's modal (with the transfer's summary); neither is on the form's first screen.
const ScheduleFields = lazy(async () => ({ default: (await withAntdRestStyles(() => import('../../../store/schedules/ScheduleFields'))).ScheduleFields }))
const TransferCodeDialog = lazy(async () => ({ default: (await withAntdRestStyles(() => import('./TransferCodeDialog'))).TransferCodeDialog }))
// So are the schedules' calls, on the first Send of a scheduled transfer.
const loadCreateSchedule = async () => (await import('../../../store/schedules/reads')).schedulesApi.endpoints.createSchedule
// Notices the first screen does without: the new-account cap once an account is chosen, and
// a refused first call (docs/contract.md §16).
const NewAccountCapNotice = lazy(async () => ({ default: (await import('../NewAccountCapNotice')).NewAccountCapNotice }))
const RefusalNotice = lazy(async () => ({ default: (await import('../../../components/payment/RefusalNotice')).RefusalNotice }))

interface Values extends ScheduleValues {
  sourceAccountNumber?: string
  beneficiaryId?: number
  destinationBankCode?: string
  destinationAccountNumber?: string
  amount?: number
  description?: string
  saveAsBeneficiary?: boolean
  scheduleTransaction?: boolean
}

const EMPTY: never[] = []

export function TransferForm({ kind, accounts, banks }: { kind: TransferKind; accounts: Account[]; banks: Bank[] }) {
  const dispatch = useAppDispatch()
  const { flow, completed } = useAppSelector(selectTransfers)
  const { scheduled } = useAppSelector(selectSchedules)
  const [createSchedule, creatingSchedule] = useWrite(loadCreateSchedule)
  const beneficiaries = useBeneficiariesQuery().data ?? EMPTY
  const [form] = Form.useForm<Values>()

  const source = Form.useWatch('sourceAccountNumber', form)
  const accountNumber = Form.useWatch('destinationAccountNumber', form)
  const chosenBank = Form.useWatch('destinationBankCode', form)
  const schedule = Form.useWatch('scheduleTransaction', form)
  const bankCode = kind === 'OTHER_BANK' ? chosenBank : KOBO_BANK_CODE
  const lookup = useNameLookup(accountNumber, bankCode, kind !== 'OWN_ACCOUNT')

  const destinations = accounts.filter((a) => a.accountNumber !== source)
  const resolved = kind === 'OWN_ACCOUNT' ? destinations.some((a) => a.accountNumber === accountNumber) : isResolved(lookup)

  const savedForKind = useMemo(
    () =>
      beneficiaries.filter((b) => (kind === 'INTRA_BANK' ? b.bankCode === KOBO_BANK_CODE : b.bankCode !== KOBO_BANK_CODE)),
    [beneficiaries, kind],
  )
  const otherBanks = useMemo(() => banks.filter((b) => b.institutionCode !== KOBO_BANK_CODE), [banks])

  // A field the customer tapped on the form's picture while this code loaded (formPictureTap.ts).
  useEffect(() => {
    const tapped = takeTap()
    if (tapped) form.focusField(tapped)
  }, [form])

  // A transfer went through (or is pending), or a schedule was approved: start again with a clean form.
  const seenCompleted = useRef(completed + scheduled)
  useEffect(() => {
    if (completed + scheduled === seenCompleted.current) return
    seenCompleted.current = completed + scheduled
    form.resetFields()
  }, [completed, scheduled, form])

  const chooseBeneficiary = (id: number | undefined) => {
    const beneficiary = beneficiaries.find((b) => b.id === id)
    if (!beneficiary) return
    form.setFieldsValue({ destinationAccountNumber: beneficiary.accountNumber, destinationBankCode: beneficiary.bankCode })
    // A saved beneficiary counts as a resolved name (docs/contract.md §8.1).
    dispatch(
      payeesApi.util.upsertQueryData(
        'nameInquiry',
        { accountNumber: beneficiary.accountNumber, bankCode: kind === 'OTHER_BANK' ? beneficiary.bankCode : KOBO_BANK_CODE },
        {
          accountName: beneficiary.accountName,
          accountNumber: beneficiary.accountNumber,
          bankCode: beneficiary.bankCode,
          bankName: beneficiary.bankName,
          nameInquiryReference: null,
        },
      ),
    )
  }

  const onFinish = (values: Values) => {
    const target = kind === 'OWN_ACCOUNT' ? accounts.find((a) => a.accountNumber === values.destinationAccountNumber) : null
    const body: TransferRequest = {
      sourceAccountNumber: values.sourceAccountNumber,
      destinationAccountNumber: values.destinationAccountNumber,
      destinationBankCode: bankCode,
      destinationAccountName: target?.accountName ?? lookup?.result?.accountName ?? null,
      destinationBankName: lookup?.result?.bankName ?? null,
      nameInquiryReference: lookup?.result?.nameInquiryReference ?? null,
      amount: values.amount,
      description: values.description?.trim() || null,
      saveAsBeneficiary: Boolean(values.saveAsBeneficiary) && kind !== 'OWN_ACCOUNT',
      scheduleTransaction: false,
      schedulePaymentSetting: null,
    }
    // Scheduled: POST …/schedule-payments/{intrabank|interbank|own}, then the approval code.
    if (values.scheduleTransaction) {
      void createSchedule({ kind, body: { ...body, scheduleTransaction: true, schedulePaymentSetting: scheduleSettingOf(values) } })
      return
    }
    dispatch(transferRequested({ kind, body }))
  }

  const pending = flow.kind === kind ? flow.pending : null
  const codeOpen = Boolean(pending) && (flow.step === 'code' || flow.step === 'confirming')
  const recipient = kind === 'OWN_ACCOUNT' ? accounts.find((a) => a.accountNumber === accountNumber)?.accountName : lookup?.result?.accountName

  return (
    <>
      <Form
        form={form}
        layout="vertical"
        requiredMark
        onFinish={onFinish}
        onValuesChange={(changed: Values) => {
          // Typing a number by hand (or changing bank) leaves the chosen beneficiary.
          if ('destinationAccountNumber' in changed || 'destinationBankCode' in changed) {
            const current = beneficiaries.find((b) => b.id === form.getFieldValue('beneficiaryId'))
            if (current && (current.accountNumber !== form.getFieldValue('destinationAccountNumber') || (kind === 'OTHER_BANK' && current.bankCode !== form.getFieldValue('destinationBankCode')))) {
              form.setFieldValue('beneficiaryId', undefined)
            }
          }
          if ('sourceAccountNumber' in changed && kind === 'OWN_ACCOUNT' && changed.sourceAccountNumber === form.getFieldValue('destinationAccountNumber')) {
            form.setFieldValue('destinationAccountNumber', undefined)
          }
        }}
        className="kobo-transfer-form"
        initialValues={{ saveAsBeneficiary: false, scheduleTransaction: false, continuous: false }}
      >
        <Row gutter={16}>
          <Col xs={24} md={kind === 'OWN_ACCOUNT' ? 12 : 24}>
            <AccountSelectField name="sourceAccountNumber" label="From Account" placeholder="Select From Account" accounts={accounts} />
          </Col>
          {kind === 'OWN_ACCOUNT' && (
            <Col xs={24} md={12}>
              <AccountSelectField name="destinationAccountNumber" label="To Account" placeholder="Select To Account" accounts={destinations} />
            </Col>
          )}
        </Row>
        <MountWhenNeeded when={Boolean(source)}>
          <NewAccountCapNotice account={source} />
        </MountWhenNeeded>

        {kind !== 'OWN_ACCOUNT' && (
          <>
            <Form.Item name="beneficiaryId" label="Choose Beneficiary (Optional)">
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Select a saved beneficiary"
                notFoundContent="No options found"
                onChange={chooseBeneficiary}
                options={savedForKind.map((b) => ({
                  value: b.id,
                  label: `${b.beneficiaryName} · ${b.accountNumber}${kind === 'OTHER_BANK' ? ` · ${b.bankName}` : ''}`,
                }))}
              />
            </Form.Item>
            <Row gutter={16}>
              {kind === 'OTHER_BANK' && (
                <Col xs={24} md={12}>
                  <Form.Item name="destinationBankCode" label="Bank" rules={[{ required: true, message: REQUIRED }]}>
                    <Select
                      showSearch={{ optionFilterProp: 'label' }}
                      placeholder="Select Bank"
                      notFoundContent="No options found"
                      options={otherBanks.map((b) => ({ label: b.institutionName, value: b.institutionCode }))}
                    />
                  </Form.Item>
                </Col>
              )}
              <Col xs={24} md={kind === 'OTHER_BANK' ? 12 : 24}>
                <AccountNumberField lookup={lookup} />
              </Col>
            </Row>
          </>
        )}

        <Row gutter={16}>
          <Col xs={24} md={12}>
            <AmountField />
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="description" label="Narration (Optional)">
              <Input maxLength={TransferInLimits.description.maxLength} placeholder="What is it for?" />
            </Form.Item>
          </Col>
        </Row>

        <div className="kobo-transfer-options">
          {kind !== 'OWN_ACCOUNT' && (
            <Form.Item name="saveAsBeneficiary" valuePropName="checked" noStyle>
              <Checkbox>Save as beneficiary</Checkbox>
            </Form.Item>
          )}
          <Form.Item name="scheduleTransaction" valuePropName="checked" noStyle>
            <Checkbox>Schedule this transfer</Checkbox>
          </Form.Item>
        </div>

        {schedule && (
          <Suspense fallback={<Skeleton active title={false} paragraph={{ rows: 2 }} />}>
            <ScheduleFields />
          </Suspense>
        )}

        <MountWhenNeeded when={flow.kind === kind && Boolean(flow.error) && flow.step === 'idle'}>
          <RefusalNotice error={flow.kind === kind && flow.step === 'idle' ? flow.error : null} inSettings={flow.inSettings} />
        </MountWhenNeeded>

        <Button
          type="primary"
          htmlType="submit"
          size="large"
          icon={<SendOutlined />}
          disabled={!resolved}
          loading={(flow.step === 'submitting' && flow.kind === kind) || creatingSchedule}
          className="kobo-transfer-send"
        >
          Send
        </Button>
      </Form>

      <MountWhenNeeded when={codeOpen}>
        <TransferCodeDialog open={codeOpen} recipient={recipient} />
      </MountWhenNeeded>
    </>
  )
}
