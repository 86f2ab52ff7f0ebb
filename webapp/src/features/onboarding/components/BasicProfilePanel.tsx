/**
 * Basic Profile panel: First Name, Last Name, Email (read-only), Phone Number,
 * BVN and NIN, all required. Continue saves (which submits the profile for
 * review and checks BVN and NIN) and moves on to Document Upload.
 */
import { useEffect, useState } from 'react'
import { Alert, Button, Card, Col, Form, Input, Row, Typography } from 'antd'
import { LockOutlined } from '@ant-design/icons'
import { useAppDispatch } from '../../../store/hooks'
import { REQUIRED } from '../../../lib/validation'
import { digitsOnly, useServerFieldErrors } from '../../../lib/formHelpers'
import { LoadFailed } from '../../../components/LoadState'
import { loadOf } from '../../../api/koboApi'
import { useWrite } from '../../../api/useWrite'
import { fieldErrorsOf, type FieldError } from '../../../api/fieldErrors'
import { panelChanged } from '../onboardingSlice'
import { onboardingApi, useBasicProfileQuery, useOnboardingStatusQuery } from '../reads'
import { sectionsOf } from '../sections'
import { BVN_FORMAT, NIN_FORMAT, PHONE_FORMAT, PROFILE_APPROVED_NOTE, PROFILE_FAILED, SECTION_LABELS, STATUS_FAILED } from '../texts'
import type { BasicProfile } from '../types'

const FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber', 'bvn', 'nin'] as const
const requiredText = { required: true, whitespace: true, message: REQUIRED }
const elevenDigits = (message: string) => ({ pattern: /^\d{11}$/, message })

export function BasicProfilePanel() {
  const dispatch = useAppDispatch()
  const [save, savingProfile] = useWrite(onboardingApi.endpoints.saveBasicProfile)
  const [profileFieldErrors, setProfileFieldErrors] = useState<FieldError[]>([])
  const profileRead = useBasicProfileQuery()
  const profile = profileRead.data ?? null
  // The form waits for the first answer; a later refresh leaves what is being typed alone.
  const profileLoading = !profile && profileRead.isFetching
  const profileLoad = loadOf(profileRead)
  const statusRead = useOnboardingStatusQuery()
  const status = statusRead.data ?? null
  const statusLoad = loadOf(statusRead)
  const [form] = Form.useForm<BasicProfile>()
  useServerFieldErrors(form, profileFieldErrors, FIELDS)
  const [basic, , bvn, nin] = sectionsOf(status)
  const approved = basic.status === 'APPROVED'
  const declined = [basic, bvn, nin].filter((section) => section.status === 'DECLINED')

  useEffect(() => {
    if (profile) form.setFieldsValue(profile)
  }, [profile, form])

  const onFinish = async (values: BasicProfile) => {
    if (approved) {
      // An approved profile cannot change: Continue simply moves on.
      dispatch(panelChanged('documents'))
      return
    }
    if (savingProfile) return
    setProfileFieldErrors([])
    const { error } = await save({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: profile?.email ?? values.email,
      phoneNumber: values.phoneNumber,
      bvn: values.bvn,
      nin: values.nin,
    })
    // Saved: on to Document Upload. Refused: the server's field errors go onto the form.
    if (error) setProfileFieldErrors(fieldErrorsOf(error))
    else dispatch(panelChanged('documents'))
  }

  const loading = profileLoading || savingProfile
  return (
    <Card title="Basic Profile" className="kobo-onboarding-card">
      <Typography.Paragraph type="secondary">
        Your names, BVN and NIN are checked with the national identity registry, so enter your names exactly as they
        appear on your BVN record.
      </Typography.Paragraph>
      {/* The form stays usable: what failed to arrive can be typed, and Retry asks again. */}
      {!profile && profileLoad.status === 'failed' && (
        <LoadFailed title={PROFILE_FAILED} reason={profileLoad.error} onRetry={profileRead.refetch} variant="banner" />
      )}
      {/* The status says what is approved or declined: without it the form says why. */}
      {!status && statusLoad.status === 'failed' && (
        <LoadFailed title={STATUS_FAILED} reason={statusLoad.error} onRetry={statusRead.refetch} variant="banner" />
      )}
      {approved && <Alert type="success" showIcon title={PROFILE_APPROVED_NOTE} className="kobo-onboarding-alert" />}
      {declined.map((section) => (
        <Alert
          key={section.key}
          type="error"
          showIcon
          className="kobo-onboarding-alert"
          title={`${SECTION_LABELS[section.key]} was declined`}
          description={section.comment ? `Reason: ${section.comment}` : undefined}
        />
      ))}
      <Form
        className="kobo-form"
        form={form}
        layout="vertical"
        onFinish={onFinish}
        disabled={loading || approved}
        size="large"
        name="basicProfile"
        requiredMark
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="First Name" name="firstName" rules={[requiredText]}>
              <Input autoComplete="given-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Last Name" name="lastName" rules={[requiredText]}>
              <Input autoComplete="family-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Email" name="email" rules={[requiredText]}>
              <Input readOnly suffix={<LockOutlined aria-label="Read-only" />} className="kobo-readonly" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Phone Number"
              name="phoneNumber"
              normalize={digitsOnly(11)}
              rules={[requiredText, elevenDigits(PHONE_FORMAT)]}
            >
              <Input inputMode="numeric" autoComplete="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="BVN" name="bvn" normalize={digitsOnly(11)} rules={[requiredText, elevenDigits(BVN_FORMAT)]}>
              <Input inputMode="numeric" placeholder="11-digit BVN" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="NIN" name="nin" normalize={digitsOnly(11)} rules={[requiredText, elevenDigits(NIN_FORMAT)]}>
              <Input inputMode="numeric" placeholder="11-digit NIN" />
            </Form.Item>
          </Col>
        </Row>
        <div className="kobo-onboarding-actions">
          <Button type="primary" htmlType="submit" size="large" loading={savingProfile} disabled={loading}>
            Continue
          </Button>
        </div>
      </Form>
    </Card>
  )
}
