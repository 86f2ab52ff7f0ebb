/**
 * Level 3 (docs/contract.md §13.3): an image of a utility bill (within the
 * last three months) and of a valid identification card, both required,
 * images only, with preview and remove. The BVN and NIN on file go along.
 * Once submitted the documents wait for the back office; their review shows
 * here and on the status badge.
 */
import { useState } from 'react'
import { Alert, Button, List, Result, Typography } from 'antd'
import { FileImageOutlined, SafetyCertificateOutlined } from '@ant-design/icons'
import { REQUIRED } from '../../../lib/validation'
import type { Submission } from '../levels'
import { useKycBiodataQuery, useKycDocumentsQuery } from '../reads'
import { loadOf } from '../../../api/koboApi'
import { LoadState } from '../../../components/LoadState'
import { imageRefusal } from '../images'
import { readAsDataUrl } from '../../../lib/files'
import { DOCUMENTS_FAILED, DOCUMENT_NAMES, ID_CARD, ID_CARD_NOTE, ONLY_IMAGES, UTILITY_BILL, UTILITY_BILL_NOTE } from '../texts'
import type { KycDocument, KycReview } from '../types'
import { ImagePicker, type PickedImage } from './ImagePicker'
import { KycStatusBadge } from './KycStatusBadge'

type Slot = 'utilityBill' | 'validIdentificationCard'
const SLOTS: { slot: Slot; id: string; label: string; note: string }[] = [
  { slot: 'utilityBill', id: 'utility-bill', label: UTILITY_BILL, note: UTILITY_BILL_NOTE },
  { slot: 'validIdentificationCard', id: 'id-card', label: ID_CARD, note: ID_CARD_NOTE },
]

const toReview = (value: string | null): KycReview | null =>
  value === 'pending' || value === 'approved' || value === 'declined' ? value : null

const NO_DOCUMENTS: KycDocument[] = []

export function DocumentsLevelForm({
  status,
  comment,
  submit: send,
  busy,
  errors,
}: Submission & { status: KycReview | null; comment: string | null }) {
  const biodata = useKycBiodataQuery().data ?? null
  const documentsRead = useKycDocumentsQuery()
  const documents = documentsRead.data ?? NO_DOCUMENTS
  const documentsLoad = loadOf(documentsRead)
  const [images, setImages] = useState<Record<Slot, PickedImage | null>>({ utilityBill: null, validIdentificationCard: null })
  const [slotErrors, setSlotErrors] = useState<Record<Slot, string | null>>({ utilityBill: null, validIdentificationCard: null })
  // Slots changed since the last Submit: the server's refusal of the old picture no longer applies.
  // (The page remounts this form whenever the status changes, which clears everything.)
  const [touched, setTouched] = useState<Record<Slot, boolean>>({ utilityBill: false, validIdentificationCard: false })
  const changed = touched.utilityBill || touched.validIdentificationCard
  const serverError = (slot: Slot) => (touched[slot] ? null : (errors.find((e) => e.field === slot)?.message ?? null))

  const inReview = status === 'pending' || status === 'approved'

  async function pick(slot: Slot, file: File) {
    const refusal = imageRefusal(file)
    if (refusal) {
      setSlotErrors((current) => ({ ...current, [slot]: refusal }))
      return
    }
    try {
      const dataUrl = await readAsDataUrl(file)
      setImages((current) => ({ ...current, [slot]: { name: file.name, size: file.size, dataUrl } }))
      setSlotErrors((current) => ({ ...current, [slot]: null }))
      setTouched((current) => ({ ...current, [slot]: true }))
    } catch {
      setSlotErrors((current) => ({ ...current, [slot]: ONLY_IMAGES }))
    }
  }

  function submit() {
    const missing = SLOTS.filter(({ slot }) => !images[slot])
    if (missing.length) {
      // Both are required: nothing is sent until both are there.
      setSlotErrors((current) => ({ ...current, ...Object.fromEntries(missing.map(({ slot }) => [slot, REQUIRED])) }))
      return
    }
    setTouched({ utilityBill: false, validIdentificationCard: false })
    void send({
      bvn: biodata?.bvn ?? null,
      nin: biodata?.nin ?? null,
      utilityBill: images.utilityBill!.dataUrl,
      validIdentificationCard: images.validIdentificationCard!.dataUrl,
    })
  }

  if (inReview) {
    return (
      <div className="kobo-kyc-form">
        {status === 'approved' ? (
          <Result
            status="success"
            className="kobo-kyc-result"
            title="Level 3 approved"
            subTitle="Your identity is fully verified. The highest transaction limits are open to you."
          />
        ) : (
          <Alert
            type="warning"
            showIcon
            className="kobo-kyc-alert"
            title="Your documents have been submitted and are under review. Kindly be patient."
          />
        )}
        <LoadState
          load={documentsLoad}
          onRetry={() => documentsRead.refetch()}
          failedTitle={DOCUMENTS_FAILED}
          hasData={documentsLoad.status === 'succeeded' || documents.length > 0}
        >
          <List
            className="kobo-kyc-documents"
            // h3 under the level's h2, so the documents' own h4 titles keep the heading order.
            header={
              <Typography.Title level={3} className="kobo-kyc-documents__heading">
                Uploaded Documents
              </Typography.Title>
            }
            dataSource={documents}
            locale={{ emptyText: 'No records to display' }}
            renderItem={(document) => (
              <List.Item extra={<KycStatusBadge status={toReview(document.status)} testId="kyc-document-status" />}>
                <List.Item.Meta
                  avatar={<FileImageOutlined className="kobo-kyc-documents__icon" />}
                  title={DOCUMENT_NAMES[document.name] ?? document.name}
                  description={document.comment ? `Comment: ${document.comment}` : undefined}
                />
              </List.Item>
            )}
          />
        </LoadState>
        <Button type="primary" icon={<SafetyCertificateOutlined />} disabled className="kobo-kyc-submit">
          Submit
        </Button>
      </div>
    )
  }

  return (
    <div className="kobo-kyc-form">
      <Typography.Paragraph type="secondary" className="kobo-kyc-form__intro">
        Upload clear pictures of both documents. Our team reviews them, usually within one working day.
      </Typography.Paragraph>
      {status === 'declined' && (
        <Alert
          type="error"
          showIcon
          className="kobo-kyc-alert"
          title="Your documents were declined"
          description={comment ? `Reason: ${comment}` : 'Upload clearer pictures and submit again.'}
        />
      )}
      <div className="kobo-kyc-images">
        {SLOTS.map(({ slot, id, label, note }) => (
          <ImagePicker
            key={slot}
            id={id}
            label={label}
            note={note}
            image={images[slot]}
            error={slotErrors[slot] ?? serverError(slot)}
            disabled={busy}
            onPick={(file) => void pick(slot, file)}
            onRemove={() => {
              setImages((current) => ({ ...current, [slot]: null }))
              setTouched((current) => ({ ...current, [slot]: true }))
            }}
          />
        ))}
      </div>
      <Button
        type="primary"
        icon={<SafetyCertificateOutlined />}
        loading={busy}
        disabled={status === 'declined' && !changed}
        onClick={submit}
        className="kobo-kyc-submit"
      >
        Submit
      </Button>
    </div>
  )
}
