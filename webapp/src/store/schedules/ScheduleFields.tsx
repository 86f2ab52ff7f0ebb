/**
 * The scheduling part of a transfer form (docs/contract.md §10.2): a date is
 * required; "Repeat this payment" (continuous) needs an interval (DAILY,
 * WEEKLY, MONTHLY) and a repeat count. Lives inside an antd Form.
 */
import { Checkbox, Col, DatePicker, Form, InputNumber, Row, Select, Typography } from 'antd'
import dayjs from 'dayjs'
import { REQUIRED } from '../../lib/validation'
import { blockNumberKeys, blockWheel } from '../../lib/amount'
import { SCHEDULE_INTERVALS } from './texts'

export function ScheduleFields({ note, lockContinuous = false }: { note?: string; lockContinuous?: boolean }) {
  const form = Form.useFormInstance()
  const continuous = Form.useWatch('continuous', form)
  return (
    <div className="kobo-schedule">
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="schedulePaymentDate" label="Payment Date" rules={[{ required: true, message: REQUIRED }]}>
            <DatePicker
              format="DD-MM-YYYY"
              style={{ width: '100%' }}
              inputReadOnly
              disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} className="kobo-schedule__continuous">
          <Form.Item name="continuous" valuePropName="checked" noStyle>
            <Checkbox disabled={lockContinuous}>Repeat this payment</Checkbox>
          </Form.Item>
        </Col>
      </Row>
      {continuous && (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="scheduledInterval" label="Interval" rules={[{ required: true, message: REQUIRED }]}>
              <Select placeholder="Select Interval" options={SCHEDULE_INTERVALS.map((value) => ({ value, label: value }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="repeatPayment" label="Number of payments" rules={[{ required: true, message: REQUIRED }]}>
              <InputNumber
                min={1}
                max={120}
                step={1}
                precision={0}
                keyboard={false}
                changeOnWheel={false}
                controls={false}
                onKeyDown={blockNumberKeys}
                onWheel={blockWheel}
                placeholder="e.g. 6"
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Typography.Text type="secondary" className="kobo-schedule__note">
        {note ?? 'Nothing is sent now: the payment runs on its date once you approve it with the code.'}
      </Typography.Text>
    </div>
  )
}
