/**
 * The attachment viewer: png, jpeg, gif, bmp, pdf and Excel workbooks are
 * shown; anything else says 'File format not supported'. Every file can be
 * downloaded.
 */
import { useEffect, useMemo, useState } from 'react'
import { Button, Empty, Modal, Result, Spin, Table, Tabs } from 'antd'
import { DownloadOutlined } from '@ant-design/icons'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { previewClosed, selectTickets } from '../ticketsSlice'
import { useAttachmentQuery } from '../reads'
import { FORMAT_NOT_SUPPORTED } from '../texts'
import { contentTypeOf, dataUrlBytes, dataUrlToObjectUrl, dataUrlType, previewKindOf } from '../files'
import { columnName, readWorkbook, type Sheet } from '../xlsx'

function SheetTable({ sheet }: { sheet: Sheet }) {
  const width = Math.max(1, ...sheet.rows.map((r) => r.length))
  const columns = [
    { title: '', dataIndex: 'row', key: 'row', width: 48, fixed: 'left' as const, className: 'kobo-sheet__rownum' },
    ...Array.from({ length: width }, (_, i) => ({ title: columnName(i), dataIndex: `c${i}`, key: `c${i}`, ellipsis: true })),
  ]
  const data = sheet.rows.map((cells, r) => ({
    key: r,
    row: r + 1,
    ...Object.fromEntries(cells.map((value, i) => [`c${i}`, value])),
  }))
  return (
    <Table
      size="small"
      bordered
      className="kobo-sheet"
      columns={columns}
      dataSource={data}
      pagination={data.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: 'max-content', y: 420 }}
      locale={{ emptyText: 'This sheet is empty' }}
    />
  )
}

function Workbook({ content }: { content: string }) {
  const [sheets, setSheets] = useState<Sheet[] | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    readWorkbook(dataUrlBytes(content)).then(
      (read) => live && setSheets(read),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [content])
  if (failed) return <Result status="warning" title={FORMAT_NOT_SUPPORTED} />
  if (!sheets) return <Spin className="kobo-preview__spin" />
  if (sheets.length === 1) return <SheetTable sheet={sheets[0]} />
  return <Tabs items={sheets.map((sheet, i) => ({ key: String(i), label: sheet.name, children: <SheetTable sheet={sheet} /> }))} />
}

function Pdf({ content, name }: { content: string; name: string }) {
  const url = useMemo(() => dataUrlToObjectUrl(content, 'application/pdf'), [content])
  useEffect(() => () => URL.revokeObjectURL(url), [url])
  return <iframe src={url} title={name} className="kobo-preview__pdf" />
}

export function AttachmentPreviewModal() {
  const dispatch = useAppDispatch()
  const { preview } = useAppSelector(selectTickets)
  const attachment = preview?.attachment
  const file = useAttachmentQuery(attachment?.id)
  const loading = file.isFetching
  const content = loading ? null : (file.data?.content ?? null)
  const type = attachment ? contentTypeOf(attachment.name, (content && dataUrlType(content)) || attachment.contentType) : ''
  const kind = previewKindOf(type)

  const download = () => {
    if (!content || !attachment) return
    const link = document.createElement('a')
    link.href = content
    link.download = attachment.name
    document.body.appendChild(link)
    link.click()
    link.remove()
  }

  let body
  if (!preview || loading) body = <Spin className="kobo-preview__spin" />
  else if (file.isError || !content) body = <Empty description="This file could not be opened" />
  else if (kind === 'image') body = <img src={content} alt={attachment?.name} className="kobo-preview__image" />
  else if (kind === 'pdf') body = <Pdf content={content} name={attachment?.name ?? 'PDF'} />
  else if (kind === 'excel') body = <Workbook content={content} />
  else body = <Result status="info" title={FORMAT_NOT_SUPPORTED} subTitle="Download the file to open it on your device." />

  return (
    <Modal
      open={Boolean(preview)}
      title={attachment?.name ?? 'Attachment'}
      onCancel={() => dispatch(previewClosed())}
      width={kind === 'excel' || kind === 'pdf' ? 960 : 720}
      centered
      destroyOnHidden
      className="kobo-preview"
      footer={[
        <Button key="close" onClick={() => dispatch(previewClosed())}>
          Close
        </Button>,
        <Button key="download" type="primary" icon={<DownloadOutlined />} disabled={!content} onClick={download}>
          Download
        </Button>,
      ]}
    >
      <div className="kobo-preview__body" data-testid="attachment-preview" data-kind={loading ? 'loading' : kind}>
        {body}
      </div>
    </Modal>
  )
}
