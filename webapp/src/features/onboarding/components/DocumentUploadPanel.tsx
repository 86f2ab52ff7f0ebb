/**
 * Document Upload panel: the passport first, then the other required and
 * optional documents; Previous goes back to Basic Profile, Continue to Status
 * once every compulsory document is uploaded.
 */
import { useEffect } from 'react'
import { Button, Card, Divider, Image, Modal, Spin, Typography } from 'antd'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { toastError } from '../../../store/toastSlice'
import { LoadState } from '../../../components/LoadState'
import { loadOf } from '../../../api/koboApi'
import { useWrite } from '../../../api/useWrite'
import { deleteConfirmClosed, panelChanged, previewClosed, selectOnboarding } from '../onboardingSlice'
import { onboardingApi, useDocumentContentQuery, useOnboardingDocumentsQuery } from '../reads'
import { isPassport, missingCompulsory, orderDocuments } from '../sections'
import { DELETE_CONFIRMATION, DOCUMENTS_FAILED, UPLOAD_ALL_COMPULSORY } from '../texts'
import type { OnboardingDocument } from '../types'
import { DocumentRow } from './DocumentRow'
import { PassportRow } from './PassportRow'

const NO_DOCUMENTS: OnboardingDocument[] = []

export function DocumentUploadPanel() {
  const dispatch = useAppDispatch()
  const { confirmDeleteId, preview } = useAppSelector(selectOnboarding)
  const [remove, deleting] = useWrite(onboardingApi.endpoints.deleteDocument)
  // The confirmation stays while the delete is on its way, and closes once it is answered.
  const closeConfirm = () => {
    if (!deleting) dispatch(deleteConfirmClosed())
  }
  const deleteConfirmed = async (id: number) => {
    await remove(id)
    dispatch(deleteConfirmClosed())
  }
  const read = useOnboardingDocumentsQuery()
  const documents = read.data ?? NO_DOCUMENTS
  const ordered = orderDocuments(documents)
  const previewDocument = documents.find((d) => d.id === preview?.id)
  const previewContent = useDocumentContentQuery(preview?.id ?? null)
  const content = previewContent.isFetching ? null : previewContent.data?.content
  // A download that failed closes the dialog (the read has said why).
  const previewFailed = preview !== null && previewContent.isError && !previewContent.isFetching
  useEffect(() => {
    if (previewFailed) dispatch(previewClosed())
  }, [previewFailed, dispatch])

  const onContinue = () => {
    if (missingCompulsory(documents)) {
      dispatch(toastError(UPLOAD_ALL_COMPULSORY))
      return
    }
    dispatch(panelChanged('selfie'))
  }

  return (
    <Card title="Document Upload" className="kobo-onboarding-card">
      <Typography.Paragraph type="secondary">
        Upload clear pictures of the documents below, as PNG or JPG files of up to 2MB each. Items marked{' '}
        <span className="kobo-required">*</span> are compulsory.
      </Typography.Paragraph>
      <LoadState load={loadOf(read)} onRetry={read.refetch} failedTitle={DOCUMENTS_FAILED} hasData={read.data !== undefined} skeletonRows={6}>
        {() =>
          ordered.map((document, index) => (
            // A new upload (new id) remounts the row, which clears its chosen type.
            <div key={`${document.documentTypeId}-${document.id ?? 'none'}`}>
              {index > 0 && <Divider className="kobo-doc-divider" />}
              {isPassport(document) ? <PassportRow document={document} /> : <DocumentRow document={document} />}
            </div>
          ))
        }
      </LoadState>
      <div className="kobo-onboarding-actions kobo-onboarding-actions--split">
        <Button size="large" onClick={() => dispatch(panelChanged('basicProfile'))}>
          Previous
        </Button>
        <Button type="primary" size="large" onClick={onContinue}>
          Continue
        </Button>
      </div>

      <Modal
        open={confirmDeleteId !== null}
        title="Delete document"
        onCancel={closeConfirm}
        closable={!deleting}
        mask={{ closable: !deleting }}
        footer={[
          <Button key="no" onClick={closeConfirm} disabled={deleting}>
            No
          </Button>,
          <Button
            key="yes"
            type="primary"
            danger
            disabled={deleting}
            onClick={() => confirmDeleteId !== null && void deleteConfirmed(confirmDeleteId)}
          >
            {deleting ? 'Loading...' : 'Yes'}
          </Button>,
        ]}
        width={420}
        centered
      >
        <Typography.Paragraph>{DELETE_CONFIRMATION}</Typography.Paragraph>
      </Modal>

      <Modal
        open={preview !== null}
        title={previewDocument ? `${previewDocument.documentName}: ${previewDocument.description ?? ''}` : 'Document'}
        onCancel={() => dispatch(previewClosed())}
        footer={null}
        centered
        destroyOnHidden
      >
        <div className="kobo-doc-preview">
          {content ? (
            <Image src={content} alt={previewDocument?.documentName ?? 'Document'} preview={false} />
          ) : (
            <Spin />
          )}
        </div>
      </Modal>
    </Card>
  )
}
