/**
 * Route /savings (docs/contract.md §17): the total, each pocket and goal with its balance,
 * interest this month and to date, rate, a goal's progress and next automatic save; opening,
 * topping up, withdrawing, breaking a locked pocket (the forfeit shown, a code or a passkey),
 * a goal's automatic saving, and each pocket's own movements (a drawer, newest first).
 */
import { useState } from 'react'
import { Button, Card, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { LoadState } from '../../components/LoadState'
import { loadOf } from '../../api/koboApi'
import { formatNaira } from '../../lib/format'
import { useSavingsQuery } from './reads'
import { PocketCard } from './components/PocketCard'
import { OpenPocketModal } from './components/OpenPocketModal'
import { MoveModal } from './components/MoveModal'
import { BreakModal } from './components/BreakModal'
import { AutoSaveModal } from './components/AutoSaveModal'
import { MovementsDrawer } from './components/MovementsDrawer'
import { useAttempts } from './attempts'
import { NO_POCKETS, OPEN_POCKET, SAVINGS_FAILED, SAVINGS_HEADING, SAVINGS_INTRO, TOTAL_SAVINGS } from './texts'
import type { Direction, Pocket } from './types'
import './savings.css'

type Action =
  | { kind: 'move'; pocket: Pocket; direction: Direction }
  | { kind: 'break'; pocket: Pocket }
  | { kind: 'auto'; pocket: Pocket }
  | { kind: 'movements'; pocket: Pocket }
  | null

export function SavingsPage() {
  const read = useSavingsQuery()
  const savings = read.data
  const [opening, setOpening] = useState(false)
  const [action, setAction] = useState<Action>(null)
  // Kept by the page: a move retried after a 503 sends its first reference (attempts.ts).
  const attempts = useAttempts()
  const close = () => setAction(null)

  return (
    <>
      <div className="kobo-page-head">
        <Typography.Title level={1}>{SAVINGS_HEADING}</Typography.Title>
        <Typography.Text type="secondary">{SAVINGS_INTRO}</Typography.Text>
      </div>
      <LoadState
        load={loadOf(read)}
        onRetry={() => read.refetch()}
        failedTitle={SAVINGS_FAILED}
        hasData={Boolean(savings)}
        isEmpty={savings?.pockets.length === 0}
        empty={{
          description: NO_POCKETS,
          action: (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setOpening(true)}>
              {OPEN_POCKET}
            </Button>
          ),
        }}
      >
        {() =>
          savings && (
            <>
              <Card variant="borderless" className="kobo-savings__summary">
                <div>
                  <div className="kobo-savings__label">{TOTAL_SAVINGS}</div>
                  <div className="kobo-savings__total" data-testid="total-savings">
                    {formatNaira(savings.totalSavings)}
                  </div>
                  {savings.holdingLimit !== null && (
                    <div className="kobo-savings__label">Your KYC level lets you hold up to {formatNaira(savings.holdingLimit)} in savings.</div>
                  )}
                </div>
                <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setOpening(true)}>
                  {OPEN_POCKET}
                </Button>
              </Card>
              <div className="kobo-savings__pockets">
                {savings.pockets.map((pocket) => (
                  <PocketCard
                    key={pocket.id}
                    pocket={pocket}
                    onMove={(p, direction) => setAction({ kind: 'move', pocket: p, direction })}
                    onBreak={(p) => setAction({ kind: 'break', pocket: p })}
                    onAutoSave={(p) => setAction({ kind: 'auto', pocket: p })}
                    onMovements={(p) => setAction({ kind: 'movements', pocket: p })}
                  />
                ))}
              </div>
            </>
          )
        }
      </LoadState>
      <OpenPocketModal open={opening} products={savings?.products ?? []} attempts={attempts} onClose={() => setOpening(false)} />
      {action?.kind === 'move' && <MoveModal pocket={action.pocket} direction={action.direction} attempts={attempts} onClose={close} />}
      {action?.kind === 'break' && <BreakModal pocket={action.pocket} onClose={close} />}
      {action?.kind === 'auto' && <AutoSaveModal pocket={action.pocket} onClose={close} />}
      {action?.kind === 'movements' && <MovementsDrawer pocket={savings?.pockets.find((p) => p.id === action.pocket.id) ?? action.pocket} onClose={close} />}
    </>
  )
}
