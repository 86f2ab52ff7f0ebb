/**
 * Fund Account (docs/contract.md §7.3): four tabs, Bank Transfer
 * first; only Bank Transfer has content. It shows where to send money to: the
 * bank, the customer's own account number (with copy) and the name on it.
 */
import { useState } from 'react'
import { Select, Tabs, Typography } from 'antd'
import { BankOutlined } from '@ant-design/icons'
import type { Account } from '../../api/types'
import { accountOptionLabel } from './accountStyles'
import { FUND_BANK_NAME, FUND_LIMIT_TEXT, FUND_TABS } from '../../store/accounts/texts'
import './accounts.css'

function BankTransferDetails({ accounts }: { accounts: Account[] }) {
  const [chosen, setChosen] = useState<string | undefined>(accounts[0]?.accountNumber)
  const account = accounts.find((a) => a.accountNumber === chosen) ?? accounts[0]
  if (!account) return <Typography.Text type="secondary">You have no active account to fund.</Typography.Text>
  return (
    <div className="kobo-fund">
      {accounts.length > 1 && (
        <label className="kobo-fund__choose">
          <Typography.Text type="secondary">Account to fund</Typography.Text>
          <Select
            aria-label="Account to fund"
            value={account.accountNumber}
            onChange={setChosen}
            options={accounts.map((a) => ({ label: accountOptionLabel(a), value: a.accountNumber }))}
            style={{ width: '100%' }}
          />
        </label>
      )}
      <div className="kobo-fund__card">
        <div className="kobo-fund__bank">
          <span className="kobo-fund__icon">
            <BankOutlined />
          </span>
          <div>
            <div className="kobo-fund__label">Bank Name</div>
            <div className="kobo-fund__value">{FUND_BANK_NAME}</div>
          </div>
        </div>
        <div className="kobo-fund__row">
          <div className="kobo-fund__label">Account Number</div>
          <Typography.Text
            className="kobo-fund__number"
            data-testid="fund-account-number"
            copyable={{ text: account.accountNumber, tooltips: ['Copy account number', 'Copied'] }}
          >
            {account.accountNumber}
          </Typography.Text>
        </div>
        <div className="kobo-fund__row">
          <div className="kobo-fund__label">Beneficiary Name</div>
          <div className="kobo-fund__value">{account.accountName}</div>
        </div>
      </div>
      <Typography.Paragraph className="kobo-fund__note">{FUND_LIMIT_TEXT}</Typography.Paragraph>
    </div>
  )
}

export function FundAccountPanel({ accounts }: { accounts: Account[] }) {
  return (
    <Tabs
      defaultActiveKey={FUND_TABS[0]}
      items={FUND_TABS.map((name) => ({
        key: name,
        label: name,
        children:
          name === 'Bank Transfer' ? (
            <BankTransferDetails accounts={accounts} />
          ) : (
            <Typography.Title level={5} className="kobo-fund__placeholder">
              {name}
            </Typography.Title>
          ),
      }))}
    />
  )
}
