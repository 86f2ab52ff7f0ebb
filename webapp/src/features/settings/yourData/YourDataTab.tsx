/**
 * Settings › Your data (docs/contract.md §14.6): a copy of everything Kobo holds (asked for
 * with a code or a passkey, the steps of useRemoval.ts; fetched once from the e-mailed link),
 * marketing consents with their log, the record of processing, and correction and erasure
 * requests. Each card is a read with its loading, failed (Retry) and empty states.
 */
import { useCallback, useState } from 'react'
import { Alert, Button, Form, Input, List, Radio, Switch, Tag, Typography } from 'antd'
import { CloudDownloadOutlined, EditOutlined, InfoCircleOutlined, NotificationOutlined, SafetyCertificateOutlined } from '@ant-design/icons'
import { Link, useSearchParams } from 'react-router'
import { apiFileRequest, errorMessage, isSessionError } from '../../../api/client'
import { loadOf } from '../../../api/koboApi'
import { useRead } from '../../../api/useRead'
import { useWrite } from '../../../api/useWrite'
import { LoadState } from '../../../components/LoadState'
import { formatDateTime } from '../../../lib/format'
import { saveBlob } from '../../../lib/receipt'
import { selectAccessToken, selectUserInfo, sessionExpired } from '../../../store/appSlice'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { toastError } from '../../../store/toastSlice'
import { RemoveDialog } from '../RemoveDialog'
import { SecurityCard } from '../components/SecurityCard'
import { useSecurityList } from '../securityReads'
import { useRemoval } from '../useRemoval'
import { askForExportEndpoint, downloadPath, exportPasskeyOptionsEndpoint, type DataExport, type NewDataRequest } from './api'
import { yourDataApi } from './reads'
import {
  APPROVE_PASSKEY,
  APPROVE_TITLE,
  CHOICES_EMPTY,
  CHOICES_TITLE,
  CONSENTS_FAILED,
  COPIES_EMPTY,
  COPIES_FAILED,
  DOWNLOAD_BUTTON,
  DOWNLOAD_FAILED,
  DOWNLOAD_TEXT,
  DOWNLOAD_TITLE,
  ERASURE_WARNING,
  KIND_CORRECTION,
  KIND_ERASURE,
  MARKETING_TITLE,
  OFFERS_EMAIL,
  OFFERS_SMS,
  PREPARING,
  READY_BUTTON,
  READY_TITLE,
  RECORD_FAILED,
  RECORD_TITLE,
  REQUESTS_EMPTY,
  REQUESTS_FAILED,
  REQUEST_TITLE,
  SEND_REQUEST,
  TELL_US_MORE,
  TELL_US_WHAT,
  WHAT_DO_YOU_WANT,
} from './texts'

export function YourDataTab() {
  return (
    <div className="kobo-your-data" data-testid="your-data">
      <ReadyDownload />
      <DownloadCard />
      <MarketingCard />
      <RecordCard />
      <RequestsCard />
    </div>
  )
}

/** Opened from the e-mailed link (?export=<id>&token=<secret>): one button, one download. */
function ReadyDownload() {
  const [params, setParams] = useSearchParams()
  const dispatch = useAppDispatch()
  const token = useAppSelector(selectAccessToken)
  const [busy, setBusy] = useState(false)
  const exportId = Number(params.get('export'))
  const secret = params.get('token')
  if (!exportId || !secret) return null

  const download = async () => {
    setBusy(true)
    const result = await apiFileRequest(downloadPath(exportId), { token, accept: 'application/zip', body: { token: secret } })
    setBusy(false)
    if (result.error) {
      if (isSessionError(result.error)) {
        dispatch(sessionExpired({ status: result.error.status as number }))
        return
      }
      dispatch(toastError(errorMessage(result.error, DOWNLOAD_FAILED)))
      // A used, expired or unknown link will not work again: its banner goes.
      if (result.error.status === 404 || result.error.status === 409) setParams({ tab: 'your-data' }, { replace: true })
      return
    }
    saveBlob(result.data, `kobo-data-${exportId}.zip`)
    dispatch(yourDataApi.util.invalidateTags(['DataExports']))
    setParams({ tab: 'your-data' }, { replace: true })
  }

  return (
    <Alert
      type="success"
      showIcon
      className="kobo-your-data__ready"
      message={READY_TITLE}
      action={
        <Button type="primary" icon={<CloudDownloadOutlined aria-hidden />} loading={busy} onClick={() => void download()}>
          {READY_BUTTON}
        </Button>
      }
    />
  )
}

function copyLines(copy: DataExport): string[] {
  const lines = [`Asked for ${formatDateTime(copy.requestedAt)}`]
  if (copy.status === 'READY' && copy.linkExpiresAt) lines.push(`The link works until ${formatDateTime(copy.linkExpiresAt)}`)
  if (copy.status === 'DELETED' && copy.deleteAfter) lines.push(`Deleted on ${formatDateTime(copy.deleteAfter)}`)
  else if (copy.deleteAfter) lines.push(`We delete it on ${formatDateTime(copy.deleteAfter)}`)
  return lines
}

function DownloadCard() {
  const dispatch = useAppDispatch()
  const read = useRead(yourDataApi.endpoints.dataExports, undefined)
  const copies = read.data ?? []
  const hasPasskey = useSecurityList('passkeys').items.length > 0
  const twoFactor = useAppSelector(selectUserInfo)?.twoFactorAuthentication ?? null
  const asked = useCallback(() => dispatch(yourDataApi.util.invalidateTags(['DataExports'])), [dispatch])
  const [approval, actions] = useRemoval({
    removeEndpoint: (_, proof) => askForExportEndpoint(proof),
    optionsEndpoint: exportPasskeyOptionsEndpoint,
    removed: asked,
    doneText: PREPARING,
  })

  return (
    <SecurityCard icon={<CloudDownloadOutlined aria-hidden />} title={DOWNLOAD_TITLE} testId="download-card" className="kobo-your-data__card">
      <Typography.Paragraph type="secondary">{DOWNLOAD_TEXT}</Typography.Paragraph>
      <Button type="primary" loading={approval.step === 'sending'} onClick={() => void actions.startRemove(0)}>
        {DOWNLOAD_BUTTON}
      </Button>
      <LoadState
        load={loadOf(read)}
        onRetry={() => void read.refetch()}
        failedTitle={COPIES_FAILED}
        hasData={read.data !== undefined}
        isEmpty={copies.length === 0}
        empty={{ description: COPIES_EMPTY }}
        skeletonRows={2}
      >
        <List
          className="kobo-your-data__list"
          dataSource={copies}
          renderItem={(copy) => (
            <List.Item>
              <div>
                <Tag color={copy.status === 'READY' ? 'green' : undefined}>{copy.statusLabel}</Tag>
                {copyLines(copy).map((line) => (
                  <Typography.Text key={line} type="secondary" className="kobo-your-data__line">
                    {line}
                  </Typography.Text>
                ))}
              </div>
            </List.Item>
          )}
        />
      </LoadState>
      <RemoveDialog
        remove={approval}
        actions={actions}
        title={APPROVE_TITLE}
        submitText="Confirm"
        twoFactor={twoFactor}
        withPasskey={hasPasskey}
        passkeyText={APPROVE_PASSKEY}
      />
    </SecurityCard>
  )
}

function MarketingCard() {
  const read = useRead(yourDataApi.endpoints.consents, undefined)
  const [save, saving] = useWrite(yourDataApi.endpoints.setConsent)
  const state = read.data
  return (
    <SecurityCard icon={<NotificationOutlined aria-hidden />} title={MARKETING_TITLE} testId="marketing-card" className="kobo-your-data__card">
      <LoadState load={loadOf(read)} onRetry={() => void read.refetch()} failedTitle={CONSENTS_FAILED} hasData={state !== undefined} skeletonRows={3}>
        {() =>
          state && (
            <>
              {(
                [
                  ['SMS', OFFERS_SMS, state.marketingSms],
                  ['EMAIL', OFFERS_EMAIL, state.marketingEmail],
                ] as const
              ).map(([channel, label, on]) => (
                <div className="kobo-your-data__switch" key={channel}>
                  <Typography.Text id={`kobo-consent-${channel}`}>{label}</Typography.Text>
                  <Switch checked={on} loading={saving} aria-labelledby={`kobo-consent-${channel}`} onChange={(given) => void save({ channel, given })} />
                </div>
              ))}
              <Typography.Paragraph className="kobo-your-data__note" data-testid="alerts-note">
                <InfoCircleOutlined aria-hidden /> {state.alertsNote}
              </Typography.Paragraph>
              <Typography.Text strong>{CHOICES_TITLE}</Typography.Text>
              {state.log.length === 0 ? (
                <Typography.Paragraph type="secondary">{CHOICES_EMPTY}</Typography.Paragraph>
              ) : (
                <List
                  size="small"
                  dataSource={state.log}
                  renderItem={(entry) => (
                    <List.Item>
                      <span>
                        {entry.channelLabel} switched {entry.given ? 'on' : 'off'}
                      </span>
                      <Typography.Text type="secondary">{formatDateTime(entry.at)}</Typography.Text>
                    </List.Item>
                  )}
                />
              )}
            </>
          )
        }
      </LoadState>
    </SecurityCard>
  )
}

function RecordCard() {
  const read = useRead(yourDataApi.endpoints.processingRecord, undefined)
  const record = read.data
  return (
    <SecurityCard icon={<SafetyCertificateOutlined aria-hidden />} title={RECORD_TITLE} testId="record-card" className="kobo-your-data__card">
      <LoadState load={loadOf(read)} onRetry={() => void read.refetch()} failedTitle={RECORD_FAILED} hasData={record !== undefined} skeletonRows={4}>
        {() =>
          record && (
            <>
              <Typography.Paragraph>{record.rights}</Typography.Paragraph>
              <Typography.Paragraph strong>{record.retention}</Typography.Paragraph>
              <List
                className="kobo-your-data__record"
                dataSource={record.processing}
                renderItem={(item) => (
                  <List.Item>
                    <div>
                      <Typography.Text strong>{item.what}</Typography.Text>
                      <Typography.Paragraph className="kobo-your-data__why">
                        {item.why}. {item.legalBasis}.
                      </Typography.Paragraph>
                      <Typography.Text type="secondary" className="kobo-your-data__line">
                        Kept for: {item.keptFor}
                      </Typography.Text>
                      <Typography.Text type="secondary" className="kobo-your-data__line">
                        Who receives it: {item.recipients.length ? item.recipients.join('; ') : 'Nobody outside Kobo'}
                      </Typography.Text>
                    </div>
                  </List.Item>
                )}
              />
              <Typography.Paragraph type="secondary">
                {record.controller}. {record.contact}.
              </Typography.Paragraph>
            </>
          )
        }
      </LoadState>
    </SecurityCard>
  )
}

function RequestsCard() {
  const read = useRead(yourDataApi.endpoints.dataRequests, undefined)
  const [send, sending] = useWrite(yourDataApi.endpoints.openDataRequest)
  const [form] = Form.useForm<NewDataRequest>()
  const kind = Form.useWatch('kind', form)
  const requests = read.data ?? []

  const submit = async (values: NewDataRequest) => {
    const result = await send({ kind: values.kind, details: values.details ?? '' })
    if (!result.error) form.resetFields()
  }

  return (
    <SecurityCard icon={<EditOutlined aria-hidden />} title={REQUEST_TITLE} testId="requests-card" className="kobo-your-data__card">
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)} initialValues={{ kind: 'CORRECTION' }}>
        <Form.Item name="kind" label={WHAT_DO_YOU_WANT}>
          <Radio.Group>
            <Radio value="CORRECTION">{KIND_CORRECTION}</Radio>
            <Radio value="ERASURE">{KIND_ERASURE}</Radio>
          </Radio.Group>
        </Form.Item>
        {kind === 'ERASURE' && <Alert type="warning" showIcon className="kobo-your-data__note" message={ERASURE_WARNING} />}
        <Form.Item
          name="details"
          label={TELL_US_MORE}
          rules={[{ required: kind !== 'ERASURE', whitespace: true, message: TELL_US_WHAT }, { max: 2000 }]}
        >
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={sending} danger={kind === 'ERASURE'}>
          {SEND_REQUEST}
        </Button>
      </Form>
      <LoadState
        load={loadOf(read)}
        onRetry={() => void read.refetch()}
        failedTitle={REQUESTS_FAILED}
        hasData={read.data !== undefined}
        isEmpty={requests.length === 0}
        empty={{ description: REQUESTS_EMPTY }}
        skeletonRows={2}
      >
        <List
          className="kobo-your-data__list"
          dataSource={requests}
          renderItem={(request) => (
            <List.Item actions={[<Link key="conversation" to={`/customer-service/${request.ticketId}`}>Conversation</Link>]}>
              <div>
                <Typography.Text strong>{request.kindLabel}</Typography.Text> <Tag>{request.statusLabel}</Tag>
                <Typography.Text type="secondary" className="kobo-your-data__line">
                  {request.trackingNumber}
                </Typography.Text>
                {request.status === 'RECEIVED' ? (
                  <Typography.Text type={request.pastDeadline ? 'danger' : 'secondary'} className="kobo-your-data__line">
                    Answer by {request.answerBy}
                  </Typography.Text>
                ) : (
                  <Typography.Paragraph className="kobo-your-data__why">{request.answer}</Typography.Paragraph>
                )}
              </div>
            </List.Item>
          )}
        />
      </LoadState>
    </SecurityCard>
  )
}
