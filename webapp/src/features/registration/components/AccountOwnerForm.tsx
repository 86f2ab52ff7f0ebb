/**
 * Stage 1, Bank Account Owner tab. The account number is required only when
 * the server's `requiredRegistrationParameter` is "accountNumber"; the BVN and
 * phone number are each optional, but the bank needs one of them to match the
 * account to its owner. Empty values are dropped from the payload.
 */
import { Button, Col, Form, Input, Row, Typography } from 'antd'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { REQUIRED } from '../../../lib/validation'
import { ownerDetailsSubmitted, selectRegistration } from '../registrationSlice'
import { useRegistrationEnumsQuery } from '../reads'
import { digitsOnly, useServerFieldErrors } from '../../../lib/formHelpers'
import {
  ACCOUNT_NUMBER_FORMAT,
  ACCOUNT_NUMBER_PARAMETER,
  BVN_OR_PHONE,
  BVN_TOO_SHORT,
  EMAIL_FORMAT,
  PHONE_FORMAT,
} from '../texts'
import type { AccountOwnerDetails } from '../types'
import { OptionalLabel } from './OptionalLabel'

const FIELDS = ['accountNUBAN', 'bvn', 'phoneNumber', 'email'] as const

export function AccountOwnerForm() {
  const dispatch = useAppDispatch()
  const { owner, fieldErrors } = useAppSelector(selectRegistration)
  const enums = useRegistrationEnumsQuery().data
  const [form] = Form.useForm<AccountOwnerDetails>()
  useServerFieldErrors(form, fieldErrors, FIELDS)
  const accountNumberRequired = enums?.requiredRegistrationParameter === ACCOUNT_NUMBER_PARAMETER

  const onFinish = (values: AccountOwnerDetails) =>
    dispatch(
      ownerDetailsSubmitted({
        accountNUBAN: values.accountNUBAN?.trim() ?? '',
        bvn: values.bvn?.trim() ?? '',
        phoneNumber: values.phoneNumber?.trim() ?? '',
        email: values.email.trim(),
      }),
    )

  return (
    <Form form={form} className="kobo-form" layout="vertical" initialValues={owner ?? undefined} onFinish={onFinish} size="large" name="accountOwner">
      <Form.Item
        label={accountNumberRequired ? 'Account Number' : <OptionalLabel label="Account Number" />}
        name="accountNUBAN"
        normalize={digitsOnly(10)}
        rules={[
          { required: accountNumberRequired, message: REQUIRED },
          { pattern: /^\d{10}$/, message: ACCOUNT_NUMBER_FORMAT },
        ]}
      >
        <Input inputMode="numeric" placeholder="10-digit account number" />
      </Form.Item>
      <Typography.Paragraph type="secondary" className="kobo-signup-hint">
        We match your BVN or phone number with the bank's record of this account: enter at least one.
      </Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            label={<OptionalLabel label="BVN" />}
            name="bvn"
            normalize={digitsOnly(11)}
            dependencies={['phoneNumber']}
            rules={[
              { min: 11, message: BVN_TOO_SHORT },
              ({ getFieldValue }) => ({
                validator: (_, value: string | undefined) =>
                  value || getFieldValue('phoneNumber') ? Promise.resolve() : Promise.reject(new Error(BVN_OR_PHONE)),
              }),
            ]}
          >
            <Input inputMode="numeric" placeholder="11-digit BVN" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label={<OptionalLabel label="Phone Number" />}
            name="phoneNumber"
            normalize={digitsOnly(11)}
            rules={[{ pattern: /^\d{11}$/, message: PHONE_FORMAT }]}
          >
            <Input autoComplete="tel" inputMode="numeric" placeholder="080..." />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="Email Address"
        name="email"
        rules={[
          { required: true, whitespace: true, message: REQUIRED },
          { type: 'email', message: EMAIL_FORMAT },
        ]}
      >
        <Input autoComplete="email" inputMode="email" placeholder="you@example.com" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large">
        Next
      </Button>
    </Form>
  )
}
