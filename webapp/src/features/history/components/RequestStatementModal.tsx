/**
 * Request Statement (docs/contract.md §12.4): start date, end date, account
 * and file type (PDF or EXCEL) are all required. The range rules the server
 * enforces (end not before start, at most one year, start not in the
 * future) are checked here first, and dates the server would refuse cannot
 * be picked. The statement is e-mailed; a refusal stays in the modal.
 */
import { useEffect } from 'react'
import { Alert, Button, Col, DatePicker, Form, Modal, Radio, Row, Select, Typography } from 'antd'
import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons'
import dayjs, { type Dayjs } from 'dayjs'
import type { Account } from '../../../api/types'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { REQUIRED } from '../../../lib/validation'
import { MAX_STATEMENT_DAYS, WIRE_DAY, statementRangeError, toWireDay } from '../dates'
import { selectHistory, statementClosed, statementRequested } from '../historySlice'
import { REQUEST_STATEMENT } from '../texts'
import type { StatementFileType } from '../types'
import { accountLabel } from '../filters'
import '../../../components/accounts/accounts.css'

interface Values {
  startDate?: Dayjs | null
  endDate?: Dayjs | null
  nuban?: string
  fileType?: StatementFileType
}

const FIELDS = ['startDate', 'endDate', 'nuban', 'fileType'] as const
type Field = (typeof FIELDS)[number]
const isField = (name: string | null): name is Field => FIELDS.some((f) => f === name)

function StatementForm({ accounts, defaultAccount }: { accounts: Account[]; defaultAccount?: string }) {
  const dispatch = useAppDispatch()
  const { statement } = useAppSelector(selectHistory)
  const [form] = Form.useForm<Values>()
  const start = Form.useWatch('startDate', form)
  const end = Form.useWatch('endDate', form)
  const today = dayjs().endOf('day')

  // A refusal about one field is shown under it as well.
  useEffect(() => {
    const field = statement.errorField
    if (statement.error && isField(field)) {
      form.setFields([{ name: field, errors: [statement.error] }])
    }
  }, [statement.failures, statement.error, statement.errorField, form])

  const rangeRule = (field: 'startDate' | 'endDate') => ({
    validator: async () => {
      const problem = statementRangeError(form.getFieldValue('startDate'), form.getFieldValue('endDate'))
      if (problem && problem.field === field) throw new Error(problem.message)
    },
  })

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark
      disabled={statement.submitting}
      initialValues={{ nuban: accounts.some((a) => a.accountNumber === defaultAccount) ? defaultAccount : undefined }}
      onFinish={(values) =>
        dispatch(
          statementRequested({
            fileType: values.fileType!,
            body: { nuban: values.nuban!, startDate: toWireDay(values.startDate!), endDate: toWireDay(values.endDate!) },
          }),
        )
      }
    >
      <Typography.Paragraph type="secondary" className="kobo-statement-intro">
        We will e-mail the statement to the address on your profile. A statement can cover up to one year.
      </Typography.Paragraph>
      {statement.error && <Alert type="error" showIcon title={statement.error} className="kobo-statement-error" role="alert" />}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="startDate"
            label="Start Date"
            dependencies={['endDate']}
            rules={[{ required: true, message: REQUIRED }, rangeRule('startDate')]}
          >
            <DatePicker
              format={WIRE_DAY}
              placeholder="dd-mm-yyyy"
              style={{ width: '100%' }}
              disabledDate={(day) =>
                day.isAfter(today) ||
                (end ? day.isAfter(end, 'day') || end.startOf('day').diff(day.startOf('day'), 'day') > MAX_STATEMENT_DAYS : false)
              }
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="endDate"
            label="End Date"
            dependencies={['startDate']}
            rules={[{ required: true, message: REQUIRED }, rangeRule('endDate')]}
          >
            <DatePicker
              format={WIRE_DAY}
              placeholder="dd-mm-yyyy"
              style={{ width: '100%' }}
              disabledDate={(day) =>
                (start ? day.isBefore(start, 'day') || day.diff(start.startOf('day'), 'day') > MAX_STATEMENT_DAYS : false)
              }
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="nuban" label="Account" rules={[{ required: true, message: REQUIRED }]}>
        <Select
          placeholder="Select Account"
          notFoundContent="No options found"
          options={accounts.map((a) => ({ value: a.accountNumber, label: accountLabel(a) }))}
        />
      </Form.Item>
      <Form.Item name="fileType" label="File Type" rules={[{ required: true, message: REQUIRED }]}>
        <Radio.Group className="kobo-statement-types">
          <Radio.Button value="PDF">
            <FilePdfOutlined /> PDF
          </Radio.Button>
          <Radio.Button value="EXCEL">
            <FileExcelOutlined /> Excel
          </Radio.Button>
        </Radio.Group>
      </Form.Item>
      <div className="kobo-dialog-actions">
        <Button onClick={() => dispatch(statementClosed())} disabled={false}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={statement.submitting}>
          {REQUEST_STATEMENT}
        </Button>
      </div>
    </Form>
  )
}

export function RequestStatementModal({ accounts, defaultAccount }: { accounts: Account[]; defaultAccount?: string }) {
  const dispatch = useAppDispatch()
  const { statement } = useAppSelector(selectHistory)
  return (
    <Modal
      title={REQUEST_STATEMENT}
      open={statement.open}
      onCancel={() => dispatch(statementClosed())}
      footer={null}
      destroyOnHidden
      width={520}
      centered
    >
      <StatementForm accounts={accounts} defaultAccount={defaultAccount} />
    </Modal>
  )
}
