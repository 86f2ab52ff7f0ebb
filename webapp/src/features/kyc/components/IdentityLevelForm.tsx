/**
 * Levels 1 and 2 (docs/contract.md §13.2): level 1 takes BVN and/or NIN
 * ('Either BVN or NIN is required'), level 2 both. BVN at least 11
 * characters, NIN exactly 11. The BFF checks them with the identity registry
 * at once. Submit is disabled once the level has a status; after a decline
 * it comes back when the customer corrects a number.
 */
import { useState } from 'react'
import { Alert, Button, Form, Input, Typography } from 'antd'
import { NumberOutlined, SafetyCertificateOutlined } from '@ant-design/icons'
import { REQUIRED } from '../../../lib/validation'
import { useServerFieldErrors } from '../../../lib/formHelpers'
import type { Submission } from '../levels'
import { BVN_MIN, EITHER_REQUIRED, NIN_EXACT } from '../texts'
import type { KycReview } from '../types'

interface Values {
  bvn?: string
  nin?: string
}

const FIELDS = ['bvn', 'nin'] as const

const digitsOnly = (value: string | undefined) => (value ?? '').replace(/\D/g, '')

const INTRO: Record<1 | 2, string> = {
  1: 'Enter your Bank Verification Number (BVN) or your National Identification Number (NIN). We check it with the national identity registry straight away.',
  2: 'Enter both your BVN and your NIN to complete full ID verification.',
}

export function IdentityLevelForm({
  level,
  status,
  comment,
  submit,
  busy,
  errors,
}: Submission & {
  level: 1 | 2
  status: KycReview | null
  comment: string | null
}) {
  const [form] = Form.useForm<Values>()
  // A declined level may be tried again once the customer has changed something
  // (the page remounts this form whenever the status changes).
  const [changed, setChanged] = useState(false)

  // The server's field errors go back onto the fields they belong to.
  useServerFieldErrors(form, errors, FIELDS)

  const locked = status === 'pending' || status === 'approved'
  const submitDisabled = locked || (status === 'declined' && !changed)
  const both = level === 2

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={both}
      disabled={locked || busy}
      className="kobo-kyc-form"
      onValuesChange={() => setChanged(true)}
      onFinish={(values) => {
        setChanged(false)
        const bvn = digitsOnly(values.bvn) || null
        const nin = digitsOnly(values.nin) || null
        void submit(both ? { bvn, nin } : { ...(bvn ? { bvn } : {}), ...(nin ? { nin } : {}) })
      }}
    >
      <Typography.Paragraph type="secondary" className="kobo-kyc-form__intro">
        {INTRO[level]}
      </Typography.Paragraph>
      {status === 'declined' && (
        <Alert
          type="error"
          showIcon
          className="kobo-kyc-alert"
          title={`Level ${level} was declined`}
          description={comment ? `Reason: ${comment}` : 'Check your details and submit again.'}
        />
      )}
      {status === 'pending' && (
        <Alert type="warning" showIcon className="kobo-kyc-alert" title="Your details are being verified. Kindly be patient." />
      )}
      <div className="kobo-kyc-form__fields">
        <Form.Item
          name="bvn"
          label="BVN"
          normalize={digitsOnly}
          dependencies={both ? [] : ['nin']}
          rules={[
            ...(both ? [{ required: true, message: REQUIRED }] : []),
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) => {
                if (!both && !value && !getFieldValue('nin')) return Promise.reject(new Error(EITHER_REQUIRED))
                if (value && value.length < 11) return Promise.reject(new Error(BVN_MIN))
                return Promise.resolve()
              },
            }),
          ]}
        >
          <Input prefix={<NumberOutlined />} inputMode="numeric" autoComplete="off" maxLength={20} placeholder="11-digit BVN" />
        </Form.Item>
        <Form.Item
          name="nin"
          label="NIN"
          normalize={digitsOnly}
          rules={[
            ...(both ? [{ required: true, message: REQUIRED }] : []),
            {
              validator: (_, value: string | undefined) =>
                value && value.length !== 11 ? Promise.reject(new Error(NIN_EXACT)) : Promise.resolve(),
            },
          ]}
        >
          <Input prefix={<NumberOutlined />} inputMode="numeric" autoComplete="off" maxLength={11} placeholder="11-digit NIN" />
        </Form.Item>
      </div>
      <Button
        type="primary"
        htmlType="submit"
        icon={<SafetyCertificateOutlined />}
        loading={busy}
        disabled={submitDisabled}
        className="kobo-kyc-submit"
      >
        Submit
      </Button>
    </Form>
  )
}
