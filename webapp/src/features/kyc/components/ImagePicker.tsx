/** One level-3 image: pick (images only), preview, remove. */
import { useRef } from 'react'
import { Button, Typography } from 'antd'
import { DeleteOutlined, FileImageOutlined, UploadOutlined } from '@ant-design/icons'
import { ACCEPT_ATTRIBUTE } from '../texts'
import { formatBytes } from '../images'

export interface PickedImage {
  name: string
  size: number
  dataUrl: string
}

interface Props {
  id: string
  label: string
  note: string
  image: PickedImage | null
  error: string | null
  disabled: boolean
  onPick: (file: File) => void
  onRemove: () => void
}

export function ImagePicker({ id, label, note, image, error, disabled, onPick, onRemove }: Props) {
  const inputRef = useRef<HTMLInputElement>(null)
  return (
    <section
      className={`kobo-kyc-image${error ? ' kobo-kyc-image--error' : ''}`}
      aria-label={label}
      data-testid={`kyc-image-${id}`}
    >
      <div className="kobo-kyc-image__head">
        <Typography.Text strong>
          {label} <span className="kobo-kyc-required">*</span>
        </Typography.Text>
        <Typography.Text type="secondary" className="kobo-kyc-image__note">
          {note}
        </Typography.Text>
      </div>
      {image ? (
        <div className="kobo-kyc-image__preview">
          <img src={image.dataUrl} alt={`${label} preview`} />
          <div className="kobo-kyc-image__file">
            <span className="kobo-kyc-image__name" title={image.name}>
              {image.name}
            </span>
            <Typography.Text type="secondary">{formatBytes(image.size)}</Typography.Text>
            <Button
              danger
              type="text"
              icon={<DeleteOutlined />}
              onClick={onRemove}
              disabled={disabled}
              aria-label={`Remove ${label}`}
            >
              Remove
            </Button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="kobo-kyc-image__drop"
          onClick={() => inputRef.current?.click()}
          disabled={disabled}
          aria-label={`Upload ${label}`}
        >
          <FileImageOutlined className="kobo-kyc-image__icon" aria-hidden="true" />
          <span className="kobo-kyc-image__cta">
            <UploadOutlined /> Upload image
          </span>
          <span className="kobo-kyc-image__hint">PNG or JPEG, up to 5MB</span>
        </button>
      )}
      {error && (
        <div role="alert" className="kobo-kyc-image__error">
          {error}
        </div>
      )}
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        hidden
        data-testid={`kyc-file-${id}`}
        aria-label={`${label} file`}
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) onPick(file)
        }}
      />
    </section>
  )
}
