/** The notices above the rows: CSV lines that were not added, and a finished batch's summary. */
import { Alert, Button } from 'antd'
import type { BulkResult } from '../../../../api/transferTypes'
import { summaryLines } from './bulkRows'

export function CsvErrors({ errors, onClose }: { errors: string[]; onClose: () => void }) {
  if (errors.length === 0) return null
  return (
    <Alert
      type="warning"
      showIcon
      closable={{ onClose }}
      title="Some lines were not added"
      description={
        <ul className="kobo-bulk__errors">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      }
      style={{ marginBottom: 16 }}
    />
  )
}

export function BulkSummary({ result, onNewBatch }: { result: BulkResult; onNewBatch: () => void }) {
  const lines = summaryLines(result)
  return (
    <Alert
      type={result.failed > 0 ? 'warning' : result.pending > 0 ? 'info' : 'success'}
      showIcon
      title={result.message}
      description={lines.length > 0 ? lines.map((line) => <div key={line}>{line}</div>) : undefined}
      action={
        <Button size="small" type="primary" onClick={onNewBatch}>
          New bulk transfer
        </Button>
      }
      className="kobo-bulk-summary"
      style={{ marginBottom: 16 }}
      data-testid="bulk-summary"
    />
  )
}
