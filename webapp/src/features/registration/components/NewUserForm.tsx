/** Stage 1, New User tab: every personal field is required (docs/contract.md §4.2). */
import { useMemo } from 'react'
import { Button, Col, DatePicker, Form, Input, Row, Select } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import customParseFormat from 'dayjs/plugin/customParseFormat'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { REQUIRED } from '../../../lib/validation'
import { NEW_USER_FIELDS, newUserDetailsSubmitted, selectRegistration } from '../registrationSlice'
import { useAccountTypesQuery, useRegistrationEnumsQuery, useStatesQuery } from '../reads'
import { failedField } from '../../../components/failedField'
import { digitsOnly, enumLabel, selectTexts, useServerFieldErrors } from '../../../lib/formHelpers'
import { BVN_TOO_SHORT, EMAIL_FORMAT, MINIMUM_AGE, PHONE_FORMAT, TOO_YOUNG } from '../texts'
import type { NewUserDetails } from '../types'

dayjs.extend(customParseFormat)

/** The wire format of the date of birth (docs/contract.md). */
export const DATE_OF_BIRTH_FORMAT = 'DD/MM/YYYY'

type FormValues = Omit<NewUserDetails, 'dateOfBirth'> & { dateOfBirth: Dayjs | null }

const required = { required: true, message: REQUIRED }
const requiredText = { required: true, whitespace: true, message: REQUIRED }

/** The latest birthday that makes someone 18 today. */
const latestBirthday = () => dayjs().subtract(MINIMUM_AGE, 'year').endOf('day')

export function NewUserForm() {
  const dispatch = useAppDispatch()
  const { newUser, fieldErrors } = useAppSelector(selectRegistration)
  const enumsRead = useRegistrationEnumsQuery()
  const statesRead = useStatesQuery()
  const accountTypesRead = useAccountTypesQuery()
  const enums = enumsRead.data
  const loading = { enums: enumsRead.isFetching, states: statesRead.isFetching, accountTypes: accountTypesRead.isFetching }
  const [form] = Form.useForm<FormValues>()
  useServerFieldErrors(form, fieldErrors, NEW_USER_FIELDS)

  const initialValues = useMemo(
    () => (newUser ? { ...newUser, dateOfBirth: dayjs(newUser.dateOfBirth, DATE_OF_BIRTH_FORMAT, true) } : undefined),
    [newUser],
  )
  const enumOptions = (values: string[] | undefined) => (values ?? []).map((value) => ({ value, label: enumLabel(value) }))

  const onFinish = (values: FormValues) =>
    dispatch(
      newUserDetailsSubmitted({
        ...values,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        address: values.address.trim(),
        dateOfBirth: values.dateOfBirth!.format(DATE_OF_BIRTH_FORMAT),
      }),
    )

  return (
    <Form form={form} className="kobo-form" layout="vertical" initialValues={initialValues} onFinish={onFinish} size="large" name="newUser">
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="First Name" name="firstName" rules={[requiredText]}>
            <Input autoComplete="given-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Last Name" name="lastName" rules={[requiredText]}>
            <Input autoComplete="family-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Email Address" name="email" rules={[requiredText, { type: 'email', message: EMAIL_FORMAT }]}>
            <Input autoComplete="email" inputMode="email" placeholder="you@example.com" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Phone Number"
            name="phoneNumber"
            normalize={digitsOnly(11)}
            rules={[required, { pattern: /^\d{11}$/, message: PHONE_FORMAT }]}
          >
            <Input autoComplete="tel" inputMode="numeric" placeholder="080..." />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Date of Birth"
            name="dateOfBirth"
            rules={[
              required,
              {
                validator: (_, value: Dayjs | null) =>
                  !value || !value.isAfter(latestBirthday()) ? Promise.resolve() : Promise.reject(new Error(TOO_YOUNG)),
              },
            ]}
          >
            <DatePicker
              format={DATE_OF_BIRTH_FORMAT}
              placeholder="dd/mm/yyyy"
              style={{ width: '100%' }}
              disabledDate={(date) => date.isAfter(latestBirthday())}
              defaultPickerValue={latestBirthday()}
              showNow={false}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label="BVN"
            name="bvn"
            normalize={digitsOnly(11)}
            rules={[required, { min: 11, message: BVN_TOO_SHORT }]}
          >
            <Input inputMode="numeric" placeholder="11-digit BVN" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          {/* The three lists of the enums read: a failure is said once, here, with its Retry. */}
          <Form.Item label="Gender" name="gender" rules={[required]} {...failedField(enumsRead)}>
            <Select options={enumOptions(enums?.gender)} loading={loading.enums} {...selectTexts('Gender', loading.enums)} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="State of Residence" name="stateOfResidence" rules={[required]} {...failedField(statesRead)}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={(statesRead.data ?? []).map((s) => ({ value: s.name, label: s.name }))}
              loading={loading.states}
              {...selectTexts('State of Residence', loading.states)}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label="Address" name="address" rules={[requiredText]}>
            <Input autoComplete="street-address" placeholder="House number, street, town" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Employment Status" name="employmentStatus" rules={[required]}>
            <Select
              options={enumOptions(enums?.employmentStatus)}
              loading={loading.enums}
              {...selectTexts('Employment Status', loading.enums)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Marital Status" name="maritalStatus" rules={[required]}>
            <Select
              options={enumOptions(enums?.maritalStatus)}
              loading={loading.enums}
              {...selectTexts('Marital Status', loading.enums)}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label="Account Type" name="accountTypeId" rules={[required]} {...failedField(accountTypesRead)}>
            <Select
              options={(accountTypesRead.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
              loading={loading.accountTypes}
              {...selectTexts('Account Type', loading.accountTypes)}
            />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" block size="large">
        Next
      </Button>
    </Form>
  )
}
