/** Adds one row by hand: bank, account number, amount and narration. */
import { Button, Col, Form, Input, Row, Select, type FormInstance } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { REQUIRED } from '../../../../lib/validation'
import { KOBO_BANK_CODE } from '../../../../lib/bank'
import { amountRules } from '../../../../lib/amount'
import { AmountInput } from '../../../../components/amount/AmountInput'
import { accountNumberRules, normalizeAccountNumber } from '../../../../store/payees/nameLookup'
import type { Bank } from '../../../../api/transferTypes'
import type { BulkCsvRow } from '../../bulkCsv'
import type { BulkRowValues } from './bulkRows'
import { BulkTransferRowLimits } from '../../../../api/limits'

interface Props {
  /** The parent's form, so what is typed survives the form being hidden while a batch is sent. */
  form: FormInstance<BulkRowValues>
  banks: Bank[]
  onAdd: (row: BulkCsvRow) => void
}

export function BulkRowForm({ form, banks, onAdd }: Props) {
  return (
    <Form
      form={form}
      layout="vertical"
      className="kobo-bulk__add"
      requiredMark
      initialValues={{ destinationBankCode: KOBO_BANK_CODE }}
      onFinish={(values) => {
        onAdd({
          accountNumber: values.accountNumber,
          bankCode: values.destinationBankCode,
          amount: values.amount,
          description: values.description?.trim() ?? '',
        })
        form.resetFields()
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
            <Input maxLength={BulkTransferRowLimits.description.maxLength} />
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
  )
}
