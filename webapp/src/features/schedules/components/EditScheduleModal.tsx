/**
 * Edit a pending scheduled payment (docs/contract.md §10.2): source account,
 * account number (10 characters), amount, description and date are required;
 * a bank only unless the type is INTRA_BANK or OWN_ACCOUNT. The name look-up
 * falls back to Kobo's own bank code (KOBO_BANK_CODE). Saving sends a new code:
 * the payment must be approved again.
 */
import { useMemo } from 'react'
import { Alert, Button, Col, Form, Input, Modal, Row, Select, Tag } from 'antd'
import { SaveOutlined } from '@ant-design/icons'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { REQUIRED } from '../../../lib/validation'
import { isActive } from '../../../store/accounts/accountsSlice'
import { useAccountsQuery } from '../../../store/accounts/reads'
import { AccountSelectField } from '../../../components/accounts/AccountSelectField'
import { AmountField } from '../../../components/amount/AmountField'
import { AccountNumberField } from '../../../store/payees/AccountNumberField'
import { accountNumberRules, isResolved, useNameLookup } from '../../../store/payees/nameLookup'
import { useBanksQuery } from '../../../store/payees/reads'
import { schedulesApi, useSchedulesQuery } from '../../../store/schedules/reads'
import { editClosed, selectSchedules } from '../../../store/schedules/schedulesSlice'
import { useWrite } from '../../../api/useWrite'
import { fieldErrorsOf } from '../../../api/fieldErrors'
import { parseScheduleDate, toWireDay, type ScheduleValues } from '../../../store/schedules/schedule'
import { EDIT_TITLE, TRANSFER_TYPE_LABELS } from '../../../store/schedules/texts'
import { KOBO_BANK_CODE } from '../../../lib/bank'
import type { ScheduledPayment } from '../../../store/schedules/types'
import { ScheduleFields } from '../../../store/schedules/ScheduleFields'
import { EditInLimits } from '../../../api/limits'

interface Values extends ScheduleValues {
  sourceAccountNumber?: string
  destinationBankCode?: string
  destinationAccountNumber?: string
  amount?: number
  description?: string
}

/** Server field names → this form's. */
const FIELD_NAMES: Record<string, keyof Values> = {
  scheduleDate: 'schedulePaymentDate',
  schedulePaymentDate: 'schedulePaymentDate',
  interval: 'scheduledInterval',
  scheduledInterval: 'scheduledInterval',
  repeatPayment: 'repeatPayment',
  sourceAccountNumber: 'sourceAccountNumber',
  destinationAccountNumber: 'destinationAccountNumber',
  destinationBankCode: 'destinationBankCode',
  amount: 'amount',
  description: 'description',
}

function initialValuesOf(payment: ScheduledPayment): Values {
  return {
    sourceAccountNumber: payment.sourceAccountNumber,
    destinationBankCode: payment.transferType === 'OTHER_BANK' ? payment.destinationBankCode : undefined,
    destinationAccountNumber: payment.destinationAccountNumber,
    amount: payment.amount,
    description: payment.description,
    schedulePaymentDate: parseScheduleDate(payment.scheduleDate),
    continuous: Boolean(payment.interval),
    scheduledInterval: payment.interval ?? undefined,
    repeatPayment: payment.interval ? payment.repeatPayment : undefined,
  }
}

/** The modal's save, so that it stays open while the change is on its way. */
function useEditSave() {
  const dispatch = useAppDispatch()
  const [save, saving] = useWrite(schedulesApi.endpoints.editSchedule)
  const close = saving ? undefined : () => dispatch(editClosed())
  return { save, saving, close }
}

function EditForm({ payment, edit: { save, saving, close } }: { payment: ScheduledPayment; edit: ReturnType<typeof useEditSave> }) {
  const accountsData = useAccountsQuery().data
  const accounts = useMemo(() => accountsData ?? [], [accountsData])
  const banks = useBanksQuery().data ?? []
  const [form] = Form.useForm<Values>()
  const type = payment.transferType
  const own = type === 'OWN_ACCOUNT'
  const needsBank = type !== 'INTRA_BANK' && type !== 'OWN_ACCOUNT'

  const source = Form.useWatch('sourceAccountNumber', form)
  const accountNumber = Form.useWatch('destinationAccountNumber', form)
  const chosenBank = Form.useWatch('destinationBankCode', form)
  const lookup = useNameLookup(accountNumber, (needsBank ? chosenBank : undefined) || KOBO_BANK_CODE, !own)
  const sources = useMemo(() => accounts.filter(isActive), [accounts])
  const destinations = sources.filter((a) => a.accountNumber !== source)
  const resolved = own ? destinations.some((a) => a.accountNumber === accountNumber) : isResolved(lookup)

  const onFinish = async (values: Values) => {
    const continuous = Boolean(values.continuous)
    const { error } = await save({
      uuid: payment.uuid,
      sourceAccountNumber: values.sourceAccountNumber,
      destinationAccountNumber: values.destinationAccountNumber,
      destinationBankCode: needsBank ? values.destinationBankCode : KOBO_BANK_CODE,
      amount: values.amount,
      description: values.description?.trim(),
      scheduleDate: values.schedulePaymentDate ? toWireDay(values.schedulePaymentDate) : null,
      interval: continuous ? (values.scheduledInterval ?? null) : null,
      repeatPayment: continuous ? (values.repeatPayment ?? null) : null,
    })
    // The server's refusals land on their fields.
    if (error)
      form.setFields(
        fieldErrorsOf(error)
          .filter((e) => FIELD_NAMES[e.field])
          .map((e) => ({ name: FIELD_NAMES[e.field], errors: [e.message] })),
      )
  }

  return (
    <Form form={form} layout="vertical" requiredMark initialValues={initialValuesOf(payment)} onFinish={(values) => void onFinish(values)} disabled={saving}>
      <div className="kobo-schedule-edit__meta">
        <Tag color="blue">{TRANSFER_TYPE_LABELS[type] ?? type}</Tag>
        <span className="kobo-tabular">{payment.referenceNumber}</span>
      </div>
      <AccountSelectField name="sourceAccountNumber" label="From Account" placeholder="Select From Account" accounts={sources} />
      <Row gutter={16}>
        {needsBank && (
          <Col xs={24} md={12}>
            <Form.Item name="destinationBankCode" label="Bank" rules={[{ required: true, message: REQUIRED }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Select Bank"
                notFoundContent="No options found"
                options={banks
                  .filter((b) => b.institutionCode !== KOBO_BANK_CODE)
                  .map((b) => ({ label: b.institutionName, value: b.institutionCode }))}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={needsBank ? 12 : 24}>
          {own ? (
            <AccountSelectField name="destinationAccountNumber" label="Account Number" placeholder="Select To Account" accounts={destinations} rules={accountNumberRules} />
          ) : (
            <AccountNumberField lookup={lookup} />
          )}
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <AmountField />
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="description" label="Description" rules={[{ required: true, whitespace: true, message: REQUIRED }]}>
            <Input maxLength={EditInLimits.description.maxLength} placeholder="What is it for?" />
          </Form.Item>
        </Col>
      </Row>
      <ScheduleFields lockContinuous={Boolean(payment.interval)} note="Saving sends a new one-time code: approve the payment again with it." />
      <div className="kobo-dialog-actions">
        <Button onClick={close} disabled={saving}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} disabled={!resolved}>
          Save Changes
        </Button>
      </div>
    </Form>
  )
}

export function EditScheduleModal() {
  const { edit } = useAppSelector(selectSchedules)
  const save = useEditSave()
  const payment = useSchedulesQuery().data?.find((s) => s.uuid === edit.uuid)
  const open = Boolean(edit.uuid)
  return (
    <Modal
      open={open}
      title={EDIT_TITLE}
      onCancel={save.close}
      closable={!save.saving}
      mask={{ closable: false }}
      footer={null}
      width={640}
      centered
      destroyOnHidden
      // The code dialog opens as this closes: focus must stay in its boxes.
      focusable={{ focusTriggerAfterClose: false }}
    >
      {payment && payment.status === 'PENDING' ? (
        <EditForm payment={payment} edit={save} />
      ) : (
        <Alert type="info" showIcon title="Only pending scheduled payments can be edited" />
      )}
    </Modal>
  )
}
