/**
 * The selfie check (docs/contract.md §16.6), the same at onboarding and in Settings › Security:
 * the state as a read (loading, failed with Retry), then a live camera preview and `Take
 * selfie`, or, with no camera or no permission, a photo file (`capture="user"` opens a phone's
 * front camera). The picture is shown before it is sent; the answer is the new state: PASSED,
 * FAILED with the tries left (and the camera again), or REFERRED to a person. Loaded only
 * where the step is shown.
 */
import { useRef, useState, type ChangeEvent } from 'react'
import { Alert, Button, Result, Skeleton, Spin, Tag, Typography } from 'antd'
import { CameraOutlined, CheckCircleFilled, PictureOutlined, SafetyCertificateOutlined } from '@ant-design/icons'
import { errorMessage } from '../../api/client'
import { loadOf } from '../../api/koboApi'
import { useRead } from '../../api/useRead'
import { fileRefusal, readAsDataUrl } from '../../lib/files'
import { useAppDispatch } from '../../store/hooks'
import { LoadFailed } from '../LoadState'
import { useSessionCall } from '../disputes/useSessionCall'
import { selfieEndpoint, type Liveness } from './api'
import { livenessApi } from './reads'
import { useCamera } from './useCamera'
import {
  CAMERA_STARTING,
  CHOOSE_PHOTO,
  LIVENESS_FAILED,
  NO_CAMERA,
  PASSED_TITLE,
  REFERRED_TITLE,
  RETAKE,
  SEND_FAILED,
  TAKE_SELFIE,
  USE_PHOTO,
  triesLeft,
} from './texts'
import './liveness.css'

function Capture({ onPicture }: { onPicture: (image: string) => void }) {
  const { video, state, capture } = useCamera(true)
  const [refusal, setRefusal] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)

  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    const refused = fileRefusal(file)
    setRefusal(refused)
    if (!refused) onPicture(await readAsDataUrl(file))
  }

  if (state !== 'unavailable') {
    return (
      <div className="kobo-selfie__capture">
        <div className="kobo-selfie__frame">
          <video ref={video} autoPlay muted playsInline aria-label="Camera preview" className="kobo-selfie__video" />
          {state === 'starting' && (
            <div className="kobo-selfie__starting">
              <Spin /> {CAMERA_STARTING}
            </div>
          )}
        </div>
        <Button type="primary" size="large" icon={<CameraOutlined />} disabled={state !== 'on'} onClick={() => {
          const image = capture()
          if (image) onPicture(image)
        }}>
          {TAKE_SELFIE}
        </Button>
      </div>
    )
  }
  return (
    <div className="kobo-selfie__capture">
      <Alert type="info" showIcon title={NO_CAMERA} className="kobo-selfie__note" />
      {refusal && <Alert type="error" showIcon title={refusal} />}
      <Button type="primary" size="large" icon={<PictureOutlined />} onClick={() => input.current?.click()}>
        {CHOOSE_PHOTO}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png"
        capture="user"
        onChange={(event) => void picked(event)}
        className="kobo-selfie__input"
        aria-label="Selfie photo"
        tabIndex={-1}
      />
    </div>
  )
}

/** `path`: onboarding's or the signed-in profile's; `onChecked`: the new state after a try. */
export function SelfieStep({ path, onChecked }: { path: string; onChecked?: (state: Liveness) => void }) {
  const dispatch = useAppDispatch()
  const call = useSessionCall()
  const read = useRead(livenessApi.endpoints.liveness, path)
  const load = loadOf(read)
  const state = read.data
  const [picture, setPicture] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const send = async () => {
    if (!picture) return
    setSending(true)
    setError(null)
    const result = await call(selfieEndpoint(path, picture))
    setSending(false)
    if (result.error) {
      setError(errorMessage(result.error, SEND_FAILED))
      return
    }
    setPicture(null)
    dispatch(livenessApi.util.upsertQueryData('liveness', path, result.data))
    onChecked?.(result.data)
  }

  if (!state) {
    if (load.status === 'failed') return <LoadFailed title={LIVENESS_FAILED} reason={load.error} onRetry={() => read.refetch()} />
    return <Skeleton active paragraph={{ rows: 4 }} />
  }
  if (state.status === 'PASSED') {
    return <Result status="success" icon={<CheckCircleFilled />} title={PASSED_TITLE} subTitle={state.message} className="kobo-selfie__result" data-testid="liveness-passed" />
  }
  if (state.status === 'REFERRED') {
    return (
      <Result
        status="info"
        icon={<SafetyCertificateOutlined className="kobo-selfie__referred-icon" />}
        title={REFERRED_TITLE}
        subTitle={state.message}
        className="kobo-selfie__result"
        data-testid="liveness-referred"
      />
    )
  }
  if (state.status === 'NOT_REQUIRED') return <Typography.Paragraph type="secondary">{state.message}</Typography.Paragraph>

  return (
    <div className="kobo-selfie" data-testid="liveness-step">
      {state.status === 'FAILED' ? (
        <Alert
          type="warning"
          showIcon
          title={state.message}
          action={<Tag color="warning">{triesLeft(state.attemptsLeft)}</Tag>}
          data-testid="liveness-failed"
        />
      ) : (
        <Typography.Paragraph className="kobo-selfie__intro">{state.message}</Typography.Paragraph>
      )}
      {error && <Alert type="error" showIcon title={error} />}
      {picture ? (
        <div className="kobo-selfie__capture">
          <div className="kobo-selfie__frame">
            <img src={picture} alt="Your selfie" className="kobo-selfie__picture" />
          </div>
          <div className="kobo-selfie__actions">
            <Button size="large" onClick={() => setPicture(null)} disabled={sending}>
              {RETAKE}
            </Button>
            <Button type="primary" size="large" loading={sending} onClick={() => void send()}>
              {USE_PHOTO}
            </Button>
          </div>
        </div>
      ) : (
        <Capture onPicture={setPicture} />
      )}
    </div>
  )
}
