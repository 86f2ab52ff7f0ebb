/**
 * A document other than the passport: required marker or "(Optional)", the
 * "Select Upload Type" dropdown and the "Upload a file" picker; once uploaded,
 * the chosen type's description with View and Delete. A declined document
 * shows its reason and can be uploaded again.
 */
import { useState } from 'react'
import { Button, Select, Tooltip, Typography } from 'antd'
import { DeleteOutlined, EyeOutlined, FileImageOutlined, UploadOutlined } from '@ant-design/icons'
import { useAppDispatch } from '../../../store/hooks'
import { deleteConfirmOpened, previewRequested } from '../onboardingSlice'
import { useDocumentTypesQuery } from '../reads'
import { failedField } from '../../../components/failedField'
import { SELECT_AN_OPTION, SELECT_UPLOAD_TYPE, UPLOAD_A_FILE } from '../texts'
import type { DocumentTypeOption, OnboardingDocument } from '../types'
import { DocumentStatusTag } from './DocumentStatusTag'
import { DeclinedAlert, DocumentFileInput } from './DocumentRowParts'
import { useDocumentUpload } from './useDocumentUpload'

const NO_TYPES: DocumentTypeOption[] = []

export function DocumentRow({ document }: { document: OnboardingDocument }) {
  const dispatch = useAppDispatch()
  const typesRead = useDocumentTypesQuery()
  const documentTypes = typesRead.data ?? NO_TYPES
  const documentTypesLoading = typesRead.isFetching
  const [typeId, setTypeId] = useState<number | ''>('')
  const chosenType = documentTypes.find((t) => t.coreBankingId === typeId) ?? null
  const { inputRef, pick, onFileChosen, uploading } = useDocumentUpload(document, chosenType, false)
  const uploaded = document.uploaded && document.id !== null
  const showPicker = !uploaded || document.status === 'DECLINED'
  const selectId = `upload-type-${document.documentTypeId}`

  return (
    <section className="kobo-doc-row" aria-label={document.documentName}>
      <div className="kobo-doc-row__body">
        <div className="kobo-doc-row__head">
          <Typography.Text strong className="kobo-doc-row__name">
            {document.documentName}{' '}
            {document.mandatory ? (
              <span className="kobo-required">*</span>
            ) : (
              <span className="kobo-optional">(Optional)</span>
            )}
          </Typography.Text>
          <DocumentStatusTag status={document.status} />
        </div>

        {uploaded && (
          <div className="kobo-doc-file">
            <FileImageOutlined className="kobo-doc-file__icon" aria-hidden="true" />
            <Typography.Text className="kobo-doc-file__name">{document.description}</Typography.Text>
            <div className="kobo-doc-file__actions">
              <Tooltip title="View">
                <Button
                  type="text"
                  icon={<EyeOutlined />}
                  aria-label={`View ${document.documentName}`}
                  onClick={() => dispatch(previewRequested(document.id!))}
                />
              </Tooltip>
              {document.status !== 'APPROVED' && (
                <Tooltip title="Delete">
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Delete ${document.documentName}`}
                    onClick={() => dispatch(deleteConfirmOpened(document.id!))}
                  />
                </Tooltip>
              )}
            </div>
          </div>
        )}

        <DeclinedAlert document={document} />

        {showPicker && (
          <div className="kobo-doc-picker">
            <div className="kobo-doc-picker__type">
              <label htmlFor={selectId} className="kobo-doc-picker__label">
                {SELECT_UPLOAD_TYPE}
              </label>
              <Select
                id={selectId}
                value={typeId}
                onChange={(value: number | '') => setTypeId(value)}
                loading={documentTypesLoading}
                options={[
                  { value: '', label: SELECT_AN_OPTION },
                  ...documentTypes.map((t) => ({ value: t.coreBankingId, label: t.name })),
                ]}
                notFoundContent={documentTypesLoading ? 'Loading...' : 'No options'}
                aria-label={`${SELECT_UPLOAD_TYPE} for ${document.documentName}`}
                status={typesRead.isError ? 'error' : undefined}
              />
              {failedField(typesRead).help}
            </div>
            <Button icon={<UploadOutlined />} onClick={pick} loading={uploading} className="kobo-doc-picker__button">
              {UPLOAD_A_FILE}
            </Button>
            <DocumentFileInput document={document} inputRef={inputRef} onFileChosen={onFileChosen} />
          </div>
        )}
      </div>
    </section>
  )
}
