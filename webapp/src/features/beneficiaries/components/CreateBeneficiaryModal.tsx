/**
 * Create a Beneficiary (docs/contract.md §9.2): beneficiary name and bank are
 * required, the account number must be 10 characters, and Create stays
 * disabled until the account name is resolved. Create then asks for a code in
 * the same modal (step-up, issue 12) before anything is saved.
 */
import { Button, Form, Input, Modal, Select } from 'antd'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { REQUIRED } from '../../../lib/validation'
import { AccountNumberField } from '../../../store/payees/AccountNumberField'
import { isResolved, useNameLookup } from '../../../store/payees/nameLookup'
import { useBanksQuery } from '../../../store/payees/reads'
import { failedField } from '../../../components/failedField'
import { KOBO_BANK_CODE } from '../../../lib/bank'
import { createBeneficiaryClosed, createBeneficiaryRequested, selectBeneficiaries, selectBeneficiaryCreating } from '../../../store/beneficiaries/beneficiariesSlice'
import { CREATE_BENEFICIARY } from '../../../store/beneficiaries/texts'
import { BeneficiaryCodeStep } from './BeneficiaryCodeStep'
import '../../../components/accounts/accounts.css'
import '../../../components/payment/transfers.css'
import { BeneficiaryInLimits } from '../../../api/limits'

interface Values {
  beneficiaryName: string
  bankCode: string
  accountNumber: string
}

function CreateBeneficiaryForm() {
  const dispatch = useAppDispatch()
  const creating = useAppSelector(selectBeneficiaryCreating)
  const banksQuery = useBanksQuery()
  const banks = banksQuery.data ?? []
  const banksLoading = banksQuery.isFetching
  const [form] = Form.useForm<Values>()
  const accountNumber = Form.useWatch('accountNumber', form)
  const bankCode = Form.useWatch('bankCode', form)
  const lookup = useNameLookup(accountNumber, bankCode)

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark
      disabled={creating}
      initialValues={{ bankCode: KOBO_BANK_CODE }}
      onFinish={(values) =>
        lookup?.result &&
        dispatch(
          createBeneficiaryRequested({
            beneficiaryName: values.beneficiaryName.trim(),
            bankCode: values.bankCode,
            accountNumber: values.accountNumber,
            accountName: lookup.result.accountName,
            bankName: lookup.result.bankName,
          }),
        )
      }
    >
      <Form.Item
        name="beneficiaryName"
        label="Beneficiary Name"
        rules={[{ required: true, whitespace: true, message: REQUIRED }]}
      >
        <Input maxLength={BeneficiaryInLimits.beneficiaryName.maxLength} placeholder="e.g. Mum, Landlord" />
      </Form.Item>
      <Form.Item name="bankCode" label="Bank" rules={[{ required: true, message: REQUIRED }]} {...failedField(banksQuery)}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={banksLoading}
          placeholder="Select Bank"
          notFoundContent={banksLoading ? 'Loading...' : 'No options found'}
          options={banks.map((b) => ({ label: b.institutionName, value: b.institutionCode }))}
        />
      </Form.Item>
      <AccountNumberField name="accountNumber" lookup={lookup} />
      <div className="kobo-dialog-actions">
        <Button onClick={() => dispatch(createBeneficiaryClosed())} disabled={false}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" disabled={!isResolved(lookup)} loading={creating}>
          Create
        </Button>
      </div>
    </Form>
  )
}

export function CreateBeneficiaryModal() {
  const dispatch = useAppDispatch()
  const { createOpen, pending } = useAppSelector(selectBeneficiaries)
  return (
    <Modal
      title={CREATE_BENEFICIARY}
      open={createOpen}
      onCancel={() => dispatch(createBeneficiaryClosed())}
      footer={null}
      destroyOnHidden
      width={480}
    >
      {pending ? <BeneficiaryCodeStep pending={pending} /> : <CreateBeneficiaryForm />}
    </Modal>
  )
}
