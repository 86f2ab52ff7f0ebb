/**
 * Request Statement (docs/contract.md §12.4): start date, end date, account
 * and file type (PDF or EXCEL) are all required. The range rules the server
 * enforces (end not before start, at most one year, start not in the
 * future) are checked here first, and dates the server would refuse cannot
 * be picked. The statement is e-mailed; a refusal stays in the modal.
 */
import { useState } from 'react'
import { Alert, Button, Col, DatePicker, Form, Modal, Radio, Row, Select, Typography } from 'antd'
import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons'
import dayjs, { type Dayjs } from 'dayjs'
import type { Account } from '../../../api/types'
import { errorMessage, isSessionError } from '../../../api/client'
import { fieldErrorsOf } from '../../../api/fieldErrors'
import { useWrite } from '../../../api/useWrite'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { REQUIRED } from '../../../lib/validation'
import { MAX_STATEMENT_DAYS, WIRE_DAY, statementRangeError, toWireDay } from '../dates'
import { selectHistory, statementClosed } from '../historySlice'
import { historyApi } from '../reads'
import { REQUEST_STATEMENT, STATEMENT_ERROR } from '../texts'
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
const isField = (name: string | undefined): name is Field => FIELDS.some((f) => f === name)

interface FormProps {
  accounts: Account[]
  defaultAccount?: string
  /** The modal's write, so that it stays open while the request is on its way. */
  statement: ReturnType<typeof useStatementRequest>
}

function StatementForm({ accounts, defaultAccount, statement: { request, requesting, close } }: FormProps) {
  const dispatch = useAppDispatch()
  const [form] = Form.useForm<Values>()
  // The server's refusal, shown inside the modal (which stays open).
  const [error, setError] = useState<string | null>(null)
  const start = Form.useWatch('startDate', form)
  const end = Form.useWatch('endDate', form)
  const today = dayjs().endOf('day')

  const send = async (values: Values) => {
    setError(null)
    const { error: refused } = await request({
      fileType: values.fileType!,
      body: { nuban: values.nuban!, startDate: toWireDay(values.startDate!), endDate: toWireDay(values.endDate!) },
    })
    if (!refused) {
      dispatch(statementClosed())
      return
    }
    if (isSessionError(refused)) return
    const message = errorMessage(refused, STATEMENT_ERROR)
    setError(message)
    // A refusal about one field is shown under it as well.
    const field = fieldErrorsOf(refused)[0]?.field
    if (isField(field)) form.setFields([{ name: field, errors: [message] }])
  }

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
      disabled={requesting}
      initialValues={{ nuban: accounts.some((a) => a.accountNumber === defaultAccount) ? defaultAccount : undefined }}
      onFinish={(values) => void send(values)}
    >
      <Typography.Paragraph type="secondary" className="kobo-statement-intro">
        We will e-mail the statement to the address on your profile. A statement can cover up to one year.
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} className="kobo-statement-error" role="alert" />}
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
        <Button onClick={close} disabled={false}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={requesting}>
          {REQUEST_STATEMENT}
        </Button>
      </div>
    </Form>
  )
}

/** The statement's request; the modal is not closed while it is on its way. */
function useStatementRequest() {
  const dispatch = useAppDispatch()
  const [request, requesting] = useWrite(historyApi.endpoints.requestStatement)
  const close = () => {
    if (!requesting) dispatch(statementClosed())
  }
  return { request, requesting, close }
}

export function RequestStatementModal({ accounts, defaultAccount }: { accounts: Account[]; defaultAccount?: string }) {
  const { statementOpen } = useAppSelector(selectHistory)
  const statement = useStatementRequest()
  return (
    <Modal
      title={REQUEST_STATEMENT}
      open={statementOpen}
      onCancel={statement.close}
      footer={null}
      destroyOnHidden
      width={520}
      centered
    >
      <StatementForm accounts={accounts} defaultAccount={defaultAccount} statement={statement} />
    </Modal>
  )
}
