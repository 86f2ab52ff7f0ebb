/** One pocket or goal (docs/contract.md §17.2): its balance, interest this month and to date,
 * rate, a goal's progress and next automatic save, and what can be done with it; every
 * pocket, open or closed, shows its movements. */
import { Button, Card, Descriptions, Progress, Space, Tag } from 'antd'
import { HistoryOutlined } from '@ant-design/icons'
import { formatNaira } from '../../../lib/format'
import { AUTO_SAVE, BREAK, MOVEMENTS, TOP_UP, WITHDRAW } from '../texts'
import type { Direction, Pocket } from '../types'

interface Props {
  pocket: Pocket
  onMove: (pocket: Pocket, direction: Direction) => void
  onBreak: (pocket: Pocket) => void
  onAutoSave: (pocket: Pocket) => void
  onMovements: (pocket: Pocket) => void
}

export function PocketCard({ pocket, onMove, onBreak, onAutoSave, onMovements }: Props) {
  const active = pocket.status === 'ACTIVE'
  const locked = pocket.product === 'LOCKED'
  const goal = pocket.product === 'GOAL'
  const items = [
    { key: 'rate', label: 'Rate', children: `${pocket.rate} % a year` },
    { key: 'month', label: 'Interest this month', children: formatNaira(pocket.interestThisMonth) },
    { key: 'date', label: 'Interest to date', children: formatNaira(pocket.interestToDate) },
    { key: 'tax', label: 'Tax withheld', children: formatNaira(pocket.taxWithheld) },
    ...(locked && pocket.maturesOn ? [{ key: 'matures', label: 'Matures on', children: pocket.maturesOn }] : []),
    ...(goal && pocket.targetDate ? [{ key: 'target', label: 'Target', children: `${formatNaira(pocket.targetAmount)} by ${pocket.targetDate}` }] : []),
    ...(pocket.autoSave
      ? [{ key: 'auto', label: 'Next automatic save', children: pocket.autoSave.nextSave ? `${pocket.autoSave.nextSave}: ${pocket.autoSave.description}` : pocket.autoSave.description }]
      : []),
  ]
  return (
    <Card
      className="kobo-savings__pocket"
      data-testid={`pocket-${pocket.id}`}
      title={
        <Space orientation="vertical" size={0}>
          <span className="kobo-savings__pocket-name">{pocket.name}</span>
          <span className="kobo-savings__pocket-product">{pocket.productName}</span>
        </Space>
      }
      extra={<Tag color={active ? 'green' : 'default'}>{pocket.statusText}</Tag>}
    >
      <div className="kobo-savings__balance" aria-label={`Balance of ${pocket.name}`}>
        {formatNaira(pocket.balance)}
      </div>
      {goal && pocket.progressPercent !== null && pocket.progressPercent !== undefined && (
        <Progress percent={pocket.progressPercent} size="small" aria-label={`Progress to ${pocket.name}'s target`} />
      )}
      {pocket.autoSave?.lastRun && !pocket.autoSave.lastRun.saved && (
        <div className="kobo-savings__warning" role="status">
          {pocket.autoSave.lastRun.message}
        </div>
      )}
      <Descriptions size="small" column={1} items={items} />
      <Space wrap className="kobo-savings__actions">
        {active && !locked && (
          <>
            <Button type="primary" onClick={() => onMove(pocket, 'top-up')}>
              {TOP_UP}
            </Button>
            <Button onClick={() => onMove(pocket, 'withdraw')}>{WITHDRAW}</Button>
          </>
        )}
        {active && goal && <Button onClick={() => onAutoSave(pocket)}>{AUTO_SAVE}</Button>}
        {active && locked && (
          <Button danger onClick={() => onBreak(pocket)}>
            {BREAK}
          </Button>
        )}
        <Button icon={<HistoryOutlined aria-hidden />} onClick={() => onMovements(pocket)}>
          {MOVEMENTS}
        </Button>
      </Space>
    </Card>
  )
}
