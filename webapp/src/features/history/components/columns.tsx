/** The five columns of the history table (docs/contract.md §12.1): Date, Time, Details, Transaction Type, Amount. */
import type { TableColumnsType } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons'
import { StatusTag } from '../../../components/StatusTag'
import type { Transaction } from '../types'
import { headlineOf } from '../parties'
import { SignedAmount, TypeTag } from './TransactionBits'

export function historyColumns(open: (row: Transaction) => void): TableColumnsType<Transaction> {
  return [
    {
      title: 'Date',
      dataIndex: 'dateCreated',
      key: 'date',
      width: 120,
      responsive: ['md'],
      render: (date: string) => <span className="kobo-tabular kobo-nowrap">{date}</span>,
    },
    {
      title: 'Time',
      dataIndex: 'timeCreated',
      key: 'time',
      width: 80,
      responsive: ['md'],
      render: (time: string) => <span className="kobo-tabular">{time}</span>,
    },
    {
      title: 'Details',
      dataIndex: 'narration',
      key: 'details',
      render: (narration: string, t) => {
        const credit = t.transactionType === 'CREDIT'
        const tone = t.status === 'FAILED' ? 'failed' : credit ? 'credit' : 'debit'
        const headline = headlineOf(t)
        // With a name as the headline, the narration ("Transfer to …, GTBank") moves under it.
        const secondLine = headline === narration ? t.description : narration
        return (
          <div className="kobo-history-details">
            <span className={`kobo-history-details__icon kobo-history-details__icon--${tone}`} aria-hidden>
              {credit ? <ArrowDownOutlined /> : <ArrowUpOutlined />}
            </span>
            <span className="kobo-history-details__text">
              <button
                type="button"
                className="kobo-history-details__narration"
                onClick={(event) => {
                  event.stopPropagation()
                  open(t)
                }}
                title={narration}
                data-testid="history-counterparty"
              >
                {headline}
                {t.counterpartyBank && headline !== narration && (
                  <span className="kobo-history-details__bank"> · {t.counterpartyBank}</span>
                )}
              </button>
              <span className="kobo-history-details__sub">
                {/* On phones the Date and Time columns are hidden: both sit under the narration. */}
                <span className="kobo-history-details__when kobo-tabular">
                  {t.dateCreated} {t.timeCreated}
                </span>
                {secondLine && (
                  <span className="kobo-history-details__note" data-testid="history-narration">
                    {secondLine} ·
                  </span>
                )}
                <span className="kobo-history-details__account kobo-tabular">{t.accountNumber}</span>
                <span className="kobo-history-details__ref">· {t.referenceNumber}</span>
                {t.status !== 'COMPLETED' && <StatusTag status={t.status} />}
              </span>
            </span>
          </div>
        )
      },
    },
    {
      title: 'Transaction Type',
      dataIndex: 'transactionType',
      key: 'type',
      width: 150,
      responsive: ['sm'],
      render: (type: string, t) => <TypeTag type={type} status={t.status} />,
    },
    {
      title: 'Amount',
      dataIndex: 'amount',
      key: 'amount',
      align: 'right',
      render: (amount: number, t) => <SignedAmount amount={amount} type={t.transactionType} status={t.status} />,
    },
  ]
}
