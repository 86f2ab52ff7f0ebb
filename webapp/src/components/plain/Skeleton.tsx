/** antd's active Skeleton: a title bar and `rows` paragraph lines, the last one shorter. */
import { THEME_CLASS } from '../../lib/theme'

export function Skeleton({ rows }: { rows: number }) {
  return (
    <div className={`ant-skeleton ant-skeleton-active ${THEME_CLASS}`}>
      <div className="ant-skeleton-section">
        <h3 className="ant-skeleton-title" style={{ width: '38%' }} />
        <ul className="ant-skeleton-paragraph">
          {Array.from({ length: rows }, (_, line) => (
            <li key={line} style={line === rows - 1 ? { width: '61%' } : undefined} />
          ))}
        </ul>
      </div>
    </div>
  )
}
