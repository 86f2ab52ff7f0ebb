/**
 * 'Transaction Details' (docs/contract.md §12.3): the clicked row at once, then the
 * details from GET …/transactions/{referenceNumber}: the balance after it, session id, the source
 * and destination account names and numbers, the electricity token, and the
 * receipt actions (share the PNG, download the PDF).
 */
import { Alert, Button, Descriptions, Modal, Skeleton, Typography } from 'antd'
import { ReceiptActions } from '../../../components/receipt/ReceiptActions'
import { LinkedDispute } from '../../../components/disputes/LinkedDispute'
import { ReportProblemButton } from '../../../components/disputes/ReportProblemButton'
import { TokenDisplay } from '../../../components/receipt/TokenDisplay'
import { formatDateTime, formatNaira } from '../../../lib/format'
import { useIsMobile } from '../../../lib/useIsMobile'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { StatusTag } from '../../../components/StatusTag'
import { detailClosed, selectHistory } from '../historySlice'
import { useTransactionQuery } from '../reads'
import type { ReadError } from '../../../api/koboApi'
import { DETAILS_TITLE } from '../texts'
import { headlineOf, readable } from '../parties'
import { SignedAmount, TypeTag } from './TransactionBits'

const dash = readable

export function TransactionDetailsModal() {
  const dispatch = useAppDispatch()
  const { detail } = useAppSelector(selectHistory)
  const read = useTransactionQuery(detail.referenceNumber)
  const item = read.data?.referenceNumber === detail.referenceNumber ? read.data : null
  const isMobile = useIsMobile()
  // The row clicked shows at once; the details answer (the same line, balance after it
  // included) replaces it, so details opened by `?reference=` read the same as from a row.
  const shown = item ?? detail.row
  const failed = read.isError ? (read.error as ReadError).reason : null
  const close = () => dispatch(detailClosed())

  return (
    <Modal
      title={DETAILS_TITLE}
      open={Boolean(detail.referenceNumber)}
      onCancel={close}
      footer={
        <div className="kobo-history-detail__footer">
          <ReceiptActions referenceNumber={shown?.referenceNumber} />
          <ReportProblemButton
            paymentReference={shown?.referenceNumber}
            paymentSummary={shown ? `${formatNaira(Math.abs(shown.amount))} · ${headlineOf(shown)}` : undefined}
          />
          <Button type="primary" onClick={close} className="kobo-history-detail__close">
            Close
          </Button>
        </div>
      }
      width={560}
      centered
      destroyOnHidden
    >
      {!shown && !failed && <Skeleton active paragraph={{ rows: 6 }} />}
      {!shown && failed && <Alert type="error" showIcon title={failed} />}
      {shown && (
        <div className="kobo-history-detail" data-testid="transaction-details">
          <div className="kobo-history-detail__head">
            <SignedAmount
              amount={shown.amount}
              type={shown.transactionType}
              status={shown.status}
              className="kobo-history-detail__amount"
            />
            <div className="kobo-history-detail__tags">
              <TypeTag type={shown.transactionType} status={shown.status} />
              <StatusTag status={shown.status} />
            </div>
            <Typography.Text strong className="kobo-history-detail__party" data-testid="details-counterparty">
              {headlineOf(shown)}
              {shown.counterpartyBank && <span className="kobo-history-details__bank"> · {shown.counterpartyBank}</span>}
            </Typography.Text>
            {headlineOf(shown) !== shown.narration && (
              <Typography.Text className="kobo-history-detail__narration">{shown.narration}</Typography.Text>
            )}
          </div>
          {item?.token && <TokenDisplay token={item.token} units={item.units} />}
          {failed && <Alert type="error" showIcon title={failed} className="kobo-history-detail__error" />}
          <Descriptions
            column={1}
            // On a phone each label sits above its value: beside it, a 32-character reference
            // and the longer names broke over several short lines.
            layout={isMobile ? 'vertical' : 'horizontal'}
            size="small"
            bordered
            className="kobo-history-detail__list"
            items={[
              {
                key: 'ref',
                label: 'Reference Number',
                children: (
                  <Typography.Text copyable className="kobo-break">
                    {shown.referenceNumber}
                  </Typography.Text>
                ),
              },
              { key: 'date', label: 'Date', children: formatDateTime(`${shown.dateCreated} ${shown.timeCreated}`) },
              ...(shown.description ? [{ key: 'description', label: 'Description', children: shown.description }] : []),
              { key: 'account', label: 'Account Number', children: shown.accountNumber },
              {
                key: 'balance',
                label: 'Balance After',
                children: shown.balanceAfter === null || shown.balanceAfter === undefined ? '—' : formatNaira(shown.balanceAfter),
              },
              ...(item
                ? [
                    {
                      key: 'session',
                      label: 'Session ID',
                      children: item.sessionId ? (
                        <Typography.Text copyable className="kobo-break">
                          {item.sessionId}
                        </Typography.Text>
                      ) : (
                        '—'
                      ),
                    },
                    { key: 'sourceName', label: 'Source Account Name', children: dash(item.sourceAccountName) },
                    { key: 'sourceNumber', label: 'Source Account Number', children: dash(item.sourceAccountNumber) },
                    { key: 'destName', label: 'Destination Account Name', children: dash(item.destinationAccountName) },
                    {
                      key: 'destNumber',
                      label: 'Destination Account Number',
                      children: dash(item.destinationAccountNumber),
                    },
                  ]
                : []),
            ]}
          />
          <LinkedDispute paymentReference={shown.referenceNumber} />
          {read.isFetching && !item && <Skeleton active title={false} paragraph={{ rows: 4 }} className="kobo-history-detail__loading" />}
        </div>
      )}
    </Modal>
  )
}
