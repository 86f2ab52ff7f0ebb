/**
 * Manage Account: one colour card per account (four rotating themes), the
 * balance hidden as asterisks until its eye is clicked, the account number
 * with copy, Disable (with a code), and a Create Account modal. Under them, Security: the
 * freeze and the instant-transfer switch (SecuritySection.tsx).
 */
import { useState } from 'react'
import { Button, Empty, Modal, Popconfirm, Tag } from 'antd'
import { PlusOutlined, StopOutlined } from '@ant-design/icons'
import { Typography } from 'antd'
import type { Account } from '../../../api/types'
import { useAppDispatch, useAppSelector } from '../../../store/hooks'
import { BalanceToggle } from '../../../components/BalanceToggle'
import { LoadState } from '../../../components/LoadState'
import { HIDDEN_AMOUNT, formatNaira, truncate } from '../../../lib/format'
import { loadOf } from '../../../api/koboApi'
import { useAccountsQuery } from '../../../store/accounts/reads'
import { disableRequested, isActive, selectAccounts } from '../../../store/accounts/accountsSlice'
import { CreateAccountForm } from '../../../components/accounts/CreateAccountForm'
import { useCreateAccount } from '../../../components/accounts/useCreateAccount'
import { DisableAccountDialog } from '../../../components/accounts/DisableAccountDialog'
import { CREATE_ACCOUNT_TITLE, DISABLED_BADGE } from '../../../store/accounts/texts'
import { CARD_STYLES } from '../../../components/accounts/accountStyles'
import { ACCOUNTS_FAILED } from '../texts'
import { SecuritySection } from './SecuritySection'

function AccountTile({ account, index }: { account: Account; index: number }) {
  const dispatch = useAppDispatch()
  const { disable } = useAppSelector(selectAccounts)
  const [visible, setVisible] = useState(false)
  const theme = CARD_STYLES[index % CARD_STYLES.length]
  const disabled = !isActive(account)
  const busy = disable.accountNumber === account.accountNumber && disable.step === 'requesting'

  return (
    <article
      className={`kobo-manage-card${disabled ? ' kobo-manage-card--disabled' : ''}`}
      style={{ background: `${theme.vector} no-repeat right top / 200px, ${theme.color}`, color: theme.textColor }}
      data-testid="manage-account-card"
      data-account-number={account.accountNumber}
      aria-label={`${account.accountTypeName} ${account.accountNumber}`}
    >
      <div className="kobo-manage-card__top">
        <span className="kobo-manage-card__type" title={account.accountTypeName}>
          {truncate(account.accountTypeName, 20)}
        </span>
        {disabled && <Tag className="kobo-manage-card__tag">{DISABLED_BADGE}</Tag>}
      </div>
      <div className="kobo-manage-card__balance-row">
        <span className="kobo-manage-card__balance" data-testid="manage-account-balance">
          {visible ? formatNaira(account.availableBalance) : HIDDEN_AMOUNT}
        </span>
        <BalanceToggle visible={visible} onToggle={() => setVisible((v) => !v)} subject={account.accountNumber} />
      </div>
      <div className="kobo-manage-card__bottom">
        <Typography.Text
          className="kobo-manage-card__number"
          copyable={{ text: account.accountNumber, tooltips: ['Copy account number', 'Copied'] }}
        >
          {account.accountNumber}
        </Typography.Text>
        {!disabled && (
          <Popconfirm
            title="Disable this account?"
            description={`${account.accountNumber} will no longer send or receive money.`}
            okText="Disable"
            cancelText="Cancel"
            okButtonProps={{ danger: true }}
            onConfirm={() => dispatch(disableRequested({ accountNumber: account.accountNumber }))}
          >
            <Button
              size="small"
              className="kobo-manage-card__disable"
              icon={<StopOutlined />}
              loading={busy}
              aria-label={`Disable account ${account.accountNumber}`}
            >
              Disable
            </Button>
          </Popconfirm>
        )}
      </div>
    </article>
  )
}

export function ManageAccountTab() {
  const create = useCreateAccount()
  const accounts = useAccountsQuery()
  const items = accounts.data ?? []

  return (
    <>
      {/* Accounts already on screen stay there: then a failed refresh is a banner. */}
      <LoadState load={loadOf(accounts)} onRetry={() => void accounts.refetch()} failedTitle={ACCOUNTS_FAILED} hasData={accounts.data !== undefined}>
        {items.length === 0 && <Empty description="You have no accounts yet." />}
        <div className="kobo-manage-grid" role="list" aria-label="Your accounts">
          {items.map((account, index) => (
            <div role="listitem" key={account.accountNumber}>
              <AccountTile account={account} index={index} />
            </div>
          ))}
          <div role="listitem">
            <button type="button" className="kobo-manage-add" onClick={create.show}>
              <PlusOutlined />
              <span>{CREATE_ACCOUNT_TITLE}</span>
            </button>
          </div>
        </div>
      </LoadState>
      <SecuritySection />
      <Modal
        title={CREATE_ACCOUNT_TITLE}
        open={create.open}
        onCancel={create.close}
        closable={!create.creating}
        footer={null}
        destroyOnHidden
      >
        <CreateAccountForm panel={create} />
      </Modal>
      <DisableAccountDialog />
    </>
  )
}
