/** A look-up under its field while it runs or after it failed (a payee's name, a bill's holder). */
import { Spin } from 'antd'
import { CloseCircleFilled } from '@ant-design/icons'

export function LookupNotice({ status, error, verifying }: { status: 'loading' | 'failed'; error: string | null; verifying: string }) {
  if (status === 'loading') {
    return (
      <div className="kobo-lookup kobo-lookup--loading" role="status">
        <Spin size="small" /> {verifying}
      </div>
    )
  }
  return (
    <div className="kobo-lookup kobo-lookup--failed" role="alert">
      <CloseCircleFilled /> {error}
    </div>
  )
}
