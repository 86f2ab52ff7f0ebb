/**
 * The attachment picker of Create Tickets and of the reply box: several files
 * of the contract's types, each at most 10 MB ('File size exceeds 10MB limit').
 * Files are read as data URLs when the message is sent.
 */
import { useRef, useState } from 'react'
import { Button, Tag, Typography } from 'antd'
import { PaperClipOutlined } from '@ant-design/icons'
import { ATTACHMENT_ACCEPT, FILE_TOO_BIG, MAX_ATTACHMENTS } from '../texts'
import { contentTypeOf, extensionOf, formatSize, tooBig } from '../files'

export interface PickedFile {
  uid: string
  file: File
}

const ACCEPTED = new Set(ATTACHMENT_ACCEPT.split(',').map((ext) => ext.slice(1)))
export const TYPE_NOT_ALLOWED = 'This file type is not allowed'
const TOO_MANY = `Attach at most ${MAX_ATTACHMENTS} files`

let nextUid = 1

interface Props {
  value: PickedFile[]
  onChange: (files: PickedFile[]) => void
  disabled?: boolean
  /** Shows only the paperclip (the reply box); the form shows a labelled button. */
  compact?: boolean
  id?: string
}

export function AttachmentPicker({ value, onChange, disabled, compact, id }: Props) {
  const input = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | null>(null)

  const pick = (list: FileList | null) => {
    const chosen = [...(list ?? [])]
    if (input.current) input.current.value = ''
    if (chosen.length === 0) return
    let problem: string | null = null
    const accepted: PickedFile[] = []
    for (const file of chosen) {
      if (tooBig(file)) problem = FILE_TOO_BIG
      else if (!ACCEPTED.has(extensionOf(file.name))) problem = TYPE_NOT_ALLOWED
      else accepted.push({ uid: `f${nextUid++}`, file })
    }
    const next = [...value, ...accepted]
    if (next.length > MAX_ATTACHMENTS) problem = TOO_MANY
    setError(problem)
    onChange(next.slice(0, MAX_ATTACHMENTS))
  }

  return (
    <div className={`kobo-attach${compact ? ' kobo-attach--compact' : ''}`}>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        hidden
        className="kobo-attach__input"
        accept={ATTACHMENT_ACCEPT}
        aria-label="Attach files"
        data-testid="attachment-input"
        onChange={(e) => pick(e.target.files)}
      />
      {compact ? (
        <Button
          type="text"
          icon={<PaperClipOutlined />}
          onClick={() => input.current?.click()}
          disabled={disabled}
          aria-label="Add attachments"
          title="Add attachments"
          className="kobo-attach__clip"
        />
      ) : (
        <Button icon={<PaperClipOutlined />} onClick={() => input.current?.click()} disabled={disabled}>
          Attach files
        </Button>
      )}
      {value.length > 0 && (
        <div className="kobo-attach__list" aria-label="Attached files">
          {value.map(({ uid, file }) => (
            <Tag
              key={uid}
              closable={!disabled}
              onClose={(e) => {
                e.preventDefault()
                setError(null)
                onChange(value.filter((f) => f.uid !== uid))
              }}
              closeIcon={<span aria-label={`Remove ${file.name}`}>×</span>}
              className="kobo-attach__chip"
              title={contentTypeOf(file.name, file.type)}
            >
              <PaperClipOutlined /> <span className="kobo-attach__name">{file.name}</span>{' '}
              <span className="kobo-attach__size">{formatSize(file.size)}</span>
            </Tag>
          ))}
        </div>
      )}
      {error ? (
        <Typography.Text type="danger" role="alert" className="kobo-attach__error">
          {error}
        </Typography.Text>
      ) : (
        !compact && (
          <Typography.Text type="secondary" className="kobo-attach__hint">
            PDF, Word, Excel, text or images, up to 10 MB each
          </Typography.Text>
        )
      )}
    </div>
  )
}
