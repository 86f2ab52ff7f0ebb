/**
 * Route /beneficiary (docs/contract.md §9.1): a searchable, paged
 * table (10/25/50 rows, jump to page) of saved beneficiaries, Create a
 * Beneficiary, and Delete from each row's menu with a Yes/No confirmation.
 */
import { useMemo, useState } from 'react'
import { Button, Card, Dropdown, Modal, Typography } from 'antd'
import { ResponsiveTable } from '../../components/table/ResponsiveTable'
import { DeleteOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons'
import { useAppDispatch } from '../../store/hooks'
import { AddFirstEmpty, LoadState } from '../../components/LoadState'
import { createBeneficiaryOpened } from '../../store/beneficiaries/beneficiariesSlice'
import { beneficiariesApi, useBeneficiariesQuery } from '../../store/beneficiaries/reads'
import { loadOf } from '../../api/koboApi'
import { useWrite } from '../../api/useWrite'
import { CreateBeneficiaryModal } from './components/CreateBeneficiaryModal'
import {
  ADD_FIRST_BENEFICIARY,
  BENEFICIARIES_FAILED,
  BENEFICIARY_HEADING,
  CREATE_BENEFICIARY,
  DELETE_CONFIRM,
  NO_RECORDS,
} from '../../store/beneficiaries/texts'
import type { Beneficiary } from '../../store/beneficiaries/types'
import { matchesSearch } from './search'
import { useTablePagination } from '../../components/table/pagination'
import { TableSearch } from '../../components/table/TableSearch'
import '../../components/payment/beneficiaries.css'

export function BeneficiaryPage() {
  const dispatch = useAppDispatch()
  const [remove] = useWrite(beneficiariesApi.endpoints.deleteBeneficiary)
  // The row whose delete is on its way.
  const [deletingId, setDeletingId] = useState<number | null>(null)
  const list = useBeneficiariesQuery()
  const items = useMemo(() => list.data ?? [], [list.data])
  const [search, setSearch] = useState('')
  const { pagination, firstPage } = useTablePagination()
  const [toDelete, setToDelete] = useState<Beneficiary | null>(null)

  const rows = useMemo(() => items.filter((b) => matchesSearch(b, search)), [items, search])
  const create = () => dispatch(createBeneficiaryOpened())
  const deleteOne = async (id: number) => {
    setDeletingId(id)
    await remove(id)
    setDeletingId(null)
  }

  return (
    <>
      <div className="kobo-page-head kobo-page-head--row">
        <div>
          <Typography.Title level={1}>{BENEFICIARY_HEADING}</Typography.Title>
          <Typography.Text type="secondary">People you pay often, ready to pick on the transfer page</Typography.Text>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={create}>
          {CREATE_BENEFICIARY}
        </Button>
      </div>
      <Card variant="borderless">
        <div className="kobo-table-toolbar">
          <TableSearch
            label="Search beneficiaries"
            value={search}
            onChange={(value) => {
              setSearch(value)
              firstPage()
            }}
          />
          <Typography.Text type="secondary">
            {rows.length} {rows.length === 1 ? 'beneficiary' : 'beneficiaries'}
          </Typography.Text>
        </div>
        <LoadState
          load={loadOf(list)}
          onRetry={() => void list.refetch()}
          failedTitle={BENEFICIARIES_FAILED}
          hasData={list.data !== undefined}
        >
          <ResponsiveTable<Beneficiary>
            rowKey="id"
            dataSource={rows}
            // The table (with its headers) stays for the empty state; an empty list gets the next step.
            locale={{
              emptyText:
                items.length === 0 ? <AddFirstEmpty description={NO_RECORDS} label={ADD_FIRST_BENEFICIARY} onClick={create} /> : NO_RECORDS,
            }}
            className="kobo-beneficiary-table"
            pagination={pagination}
            columns={[
              {
                title: 'Beneficiary Name',
                dataIndex: 'beneficiaryName',
                key: 'beneficiaryName',
                render: (name: string, b) => (
                  <div className="kobo-beneficiary-name">
                    <span className="kobo-avatar" aria-hidden>
                      {name.trim().charAt(0).toUpperCase()}
                    </span>
                    <span>
                      <span className="kobo-beneficiary-name__text">{name}</span>
                      <span className="kobo-beneficiary-name__sub">
                        {b.accountNumber} · {b.bankName}
                      </span>
                    </span>
                  </div>
                ),
              },
              { title: 'Bank Name', dataIndex: 'bankName', key: 'bankName', responsive: ['md'] },
              { title: 'Account Name', dataIndex: 'accountName', key: 'accountName', responsive: ['md'] },
              {
                title: 'Account Number',
                dataIndex: 'accountNumber',
                key: 'accountNumber',
                responsive: ['md'],
                render: (value: string) => <span className="kobo-tabular">{value}</span>,
              },
              {
                title: 'Actions',
                key: 'actions',
                align: 'right',
                width: 90,
                render: (_, b) => (
                  <Dropdown
                    trigger={['click']}
                    placement="bottomRight"
                    menu={{
                      items: [{ key: 'delete', danger: true, icon: <DeleteOutlined />, label: 'Delete' }],
                      onClick: () => setToDelete(b),
                    }}
                  >
                    <Button
                      type="text"
                      icon={<MoreOutlined />}
                      aria-label={`Actions for ${b.beneficiaryName}`}
                      loading={deletingId === b.id}
                    />
                  </Dropdown>
                ),
              },
            ]}
          />
        </LoadState>
      </Card>
      <Modal
        open={Boolean(toDelete)}
        title="Delete Beneficiary"
        okText="Yes"
        cancelText="No"
        okButtonProps={{ danger: true }}
        onOk={() => {
          if (toDelete) void deleteOne(toDelete.id)
          setToDelete(null)
        }}
        onCancel={() => setToDelete(null)}
        width={420}
        centered
      >
        <Typography.Paragraph>{DELETE_CONFIRM}</Typography.Paragraph>
        {toDelete && (
          <Typography.Text type="secondary">
            {toDelete.beneficiaryName} · {toDelete.accountNumber} · {toDelete.bankName}
          </Typography.Text>
        )}
      </Modal>
      <CreateBeneficiaryModal />
    </>
  )
}
