/** The code step of disabling an account (POST …/disable → code → …/disable/confirm; accountsSaga.ts). */
import { Typography } from 'antd'
import { useAppDispatch, useAppSelector } from '../../store/hooks'
import { CodeDialog } from '../code/CodeDialog'
import { disableConfirmRequested, disableFinished, selectAccounts } from '../../store/accounts/accountsSlice'

export function DisableAccountDialog() {
  const dispatch = useAppDispatch()
  const { disable } = useAppSelector(selectAccounts)
  return (
    <CodeDialog
      open={disable.step === 'code' || disable.step === 'confirming'}
      message={disable.message}
      twoFactor={disable.twoFactor}
      loading={disable.step === 'confirming'}
      failures={disable.failures}
      onSubmit={(otp) => dispatch(disableConfirmRequested({ otp }))}
      onCancel={() => dispatch(disableFinished())}
      submitText="Disable Account"
    >
      <Typography.Paragraph>
        You are disabling account <strong>{disable.accountNumber}</strong>. It will no longer send or receive money.
      </Typography.Paragraph>
    </CodeDialog>
  )
}
