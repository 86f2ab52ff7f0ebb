/**
 * The passport photograph: always first and required, a frame with the
 * picture (or a placeholder), the note, and "Upload Passport" / "Change Passport".
 */
import { Button, Typography } from 'antd'
import { UploadOutlined, UserOutlined } from '@ant-design/icons'
import { useDocumentContentQuery } from '../reads'
import { failedField } from '../../../components/failedField'
import { CHANGE_PASSPORT, PASSPORT_NOTE, UPLOAD_PASSPORT } from '../texts'
import type { OnboardingDocument } from '../types'
import { DocumentStatusTag } from './DocumentStatusTag'
import { DeclinedAlert, DocumentFileInput } from './DocumentRowParts'
import { useDocumentUpload } from './useDocumentUpload'

export function PassportRow({ document }: { document: OnboardingDocument }) {
  const { inputRef, pick, onFileChosen, uploading } = useDocumentUpload(document, null, true)
  // The picture for its frame: downloaded once per uploaded passport.
  const imageRead = useDocumentContentQuery(document.id || null)
  const image = imageRead.data?.content ?? null
  const locked = document.status === 'APPROVED'

  return (
    <section className="kobo-doc-row kobo-doc-row--passport" aria-label={document.documentName}>
      <div className="kobo-passport-frame" data-testid="passport-frame">
        {image ? (
          <img src={image} alt="Your passport photograph" />
        ) : (
          <UserOutlined className="kobo-passport-frame__placeholder" aria-hidden="true" />
        )}
      </div>
      <div className="kobo-doc-row__body">
        <div className="kobo-doc-row__head">
          <Typography.Text strong className="kobo-doc-row__name">
            {document.documentName} <span className="kobo-required">*</span>
          </Typography.Text>
          <DocumentStatusTag status={document.status} />
        </div>
        <Typography.Paragraph type="secondary" className="kobo-doc-row__note">
          {PASSPORT_NOTE}
        </Typography.Paragraph>
        <DeclinedAlert document={document} />
        {failedField(imageRead).help}
        {!locked && (
          <Button icon={<UploadOutlined />} onClick={pick} loading={uploading}>
            {document.uploaded || image ? CHANGE_PASSPORT : UPLOAD_PASSPORT}
          </Button>
        )}
        <DocumentFileInput document={document} inputRef={inputRef} onFileChosen={onFileChosen} />
      </div>
    </section>
  )
}
