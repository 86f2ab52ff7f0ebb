/**
 * A form field whose choices come from a read that failed (the accounts, banks, states or
 * plans of a dropdown) says so under itself, with a Retry: the field's own failed state, in
 * place of a toast (issue 55: a failed read is shown once, where it is). Spread onto the
 * field's `Form.Item`; while the read is fine it adds nothing.
 */
import type { ReactNode } from 'react'
import { Button } from 'antd'
import { ReloadOutlined } from '@ant-design/icons'
import type { ReadError } from '../api/koboApi'
import { RETRY_LABEL } from './LoadState'

interface FieldRead {
  isError: boolean
  error: unknown
  refetch(): void
}

export function failedField(read: FieldRead): { validateStatus?: 'error'; help?: ReactNode } {
  if (!read.isError) return {}
  const reason = (read.error as ReadError | undefined)?.reason
  return {
    validateStatus: 'error',
    help: (
      <span className="kobo-field-failed" data-testid="field-load-failed" role="alert">
        <span>{reason}</span>
        <Button type="link" size="small" icon={<ReloadOutlined aria-hidden />} onClick={() => read.refetch()}>
          {RETRY_LABEL}
        </Button>
      </span>
    ),
  }
}
