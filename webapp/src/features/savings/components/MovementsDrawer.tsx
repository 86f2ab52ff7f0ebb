/**
 * A pocket's own history (GET /api/savings/pockets/{id}/transactions, docs/contract.md §17.1
 * and §12's lines): newest first, ten a page, each with its date and time, what it was
 * (`Savings top-up: Rainy day`, `Interest on Flexible savings`, `Withholding tax on interest`),
 * the signed amount and the pocket's balance after it. Loading, failed (with Retry) and empty
 * are the app's three states (components/LoadState.tsx).
 */
import { useState } from 'react'
import { Drawer, Pagination, Spin } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons'
import { LoadState } from '../../../components/LoadState'
import { StatusTag } from '../../../components/StatusTag'
import { loadOf } from '../../../api/koboApi'
import { formatNaira } from '../../../lib/format'
import { useIsMobile } from '../../../lib/useIsMobile'
import { useMovementsQuery } from '../reads'
import { MOVEMENTS, MOVEMENTS_FAILED, NEWEST_FIRST, NO_MOVEMENTS } from '../texts'
import type { Pocket, PocketMovement } from '../types'

export const MOVEMENTS_PAGE_SIZE = 10

function MovementRow({ line }: { line: PocketMovement }) {
  const credit = line.transactionType === 'CREDIT'
  const failed = line.status === 'FAILED'
  const tone = failed ? 'failed' : credit ? 'credit' : 'debit'
  return (
    <li className="kobo-savings__movement" data-testid="pocket-movement">
      <span className={`kobo-savings__movement-icon kobo-savings__movement-icon--${tone}`} aria-hidden>
        {credit ? <ArrowDownOutlined /> : <ArrowUpOutlined />}
      </span>
      <div className="kobo-savings__movement-main">
        <div className="kobo-savings__movement-title">{line.narration}</div>
        <div className="kobo-savings__movement-sub kobo-tabular">
          <span>
            {line.dateCreated} · {line.timeCreated}
          </span>
          {line.balanceAfter !== null && <span className="kobo-savings__movement-balance">Balance {formatNaira(line.balanceAfter)}</span>}
        </div>
      </div>
      <div className="kobo-savings__movement-end">
        {/* A failed line moved no money: neutral and unsigned, its tag says so. */}
        <span className={`kobo-savings__movement-amount kobo-savings__movement-amount--${tone} kobo-tabular`} data-testid="movement-amount">
          {failed ? '' : credit ? '+' : '-'}
          {formatNaira(line.amount)}
        </span>
        {line.status !== 'COMPLETED' && <StatusTag status={line.status} />}
      </div>
    </li>
  )
}

export function MovementsDrawer({ pocket, onClose }: { pocket: Pocket; onClose: () => void }) {
  const [page, setPage] = useState(0)
  const read = useMovementsQuery({ id: pocket.id, page, size: MOVEMENTS_PAGE_SIZE })
  const answer = read.data
  const wide = !useIsMobile()
  const title = `${MOVEMENTS}: ${pocket.name}`
  return (
    <Drawer title={title} aria-label={title} placement="right" size={wide ? 480 : '100%'} open onClose={onClose} destroyOnHidden>
      <div className="kobo-savings__movements-head">
        <div>
          <div className="kobo-savings__label">{pocket.productName}</div>
          <div className="kobo-savings__balance">{formatNaira(pocket.balance)}</div>
        </div>
        <div className="kobo-savings__label">{NEWEST_FIRST}</div>
      </div>
      <LoadState
        load={loadOf(read)}
        onRetry={() => read.refetch()}
        failedTitle={MOVEMENTS_FAILED}
        hasData={Boolean(answer)}
        isEmpty={answer?.totalElements === 0}
        empty={{ description: NO_MOVEMENTS }}
        skeletonRows={6}
      >
        {() =>
          answer && (
            <Spin spinning={read.isFetching}>
              <ul className="kobo-savings__movements" aria-label={`Movements of ${pocket.name}`}>
                {answer.content.map((line, index) => (
                  // Interest and its tax can share a reference: the position tells them apart.
                  <MovementRow key={`${line.referenceNumber}-${index}`} line={line} />
                ))}
              </ul>
              <Pagination
                className="kobo-savings__movements-pager"
                align="center"
                size="small"
                current={page + 1}
                pageSize={MOVEMENTS_PAGE_SIZE}
                total={answer.totalElements}
                showSizeChanger={false}
                hideOnSinglePage
                showTotal={(total) => `${total} movement${total === 1 ? '' : 's'}`}
                onChange={(next) => setPage(next - 1)}
              />
            </Spin>
          )
        }
      </LoadState>
    </Drawer>
  )
}
