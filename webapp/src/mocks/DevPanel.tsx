/**
 * `dev:mock` only: a small panel in the bottom-left corner to force, per request kind, a
 * catalogue scenario (the simulator's ids) or slow network, server error, offline. It is
 * mounted by main.tsx inside the mock-only branch, so the production build never has it
 * (scripts/check-no-mocks.mjs checks the built bundle).
 */
import { useState, useSyncExternalStore } from 'react'
import { Button, Card, Select, Space, Tag, Typography } from 'antd'
import { ExperimentOutlined } from '@ant-design/icons'
import { OPERATIONS, SCENARIOS, scenarioById } from './forcing/catalogue'
import { STATE_OPERATIONS } from './forcing/requestKinds'
import { EVERY_ENDPOINT, GENERIC_CHOICES, URL_PARAMETER, clearOverrides, overrides, removeOverride, setOverride, subscribe } from './forcing/overrides'

const GENERIC_LABELS: Record<string, string> = {
  slow: 'Slow network (3 s)',
  empty: 'Empty lists (GET)',
  'server-error': 'Server error (500)',
  offline: 'Offline (network error)',
}

export function DevPanel({ endpoints }: { endpoints: string[] }) {
  const active = useSyncExternalStore(subscribe, overrides)
  const [open, setOpen] = useState(false)
  const [target, setTarget] = useState<string>(OPERATIONS[0])
  const [choice, setChoice] = useState<string | null>(null)

  const kindOptions = [
    { label: 'Every endpoint', options: [{ value: EVERY_ENDPOINT, label: 'Every endpoint' }] },
    { label: 'Simulator operations', options: OPERATIONS.filter((o) => !STATE_OPERATIONS.has(o)).map((o) => ({ value: o, label: o })) },
    { label: 'States (mock only)', options: [...STATE_OPERATIONS].map((o) => ({ value: o, label: o })) },
    { label: 'Endpoints', options: endpoints.map((e) => ({ value: e, label: e })) },
  ]
  const scenarioOptions = SCENARIOS.filter((s) => s.operation === target).map((s) => ({ value: s.id, label: `${s.id}: ${s.outcome}` }))
  const outcomeOptions = [
    ...(scenarioOptions.length ? [{ label: 'Catalogue scenarios', options: scenarioOptions }] : []),
    { label: 'Any endpoint', options: GENERIC_CHOICES.map((c) => ({ value: c, label: GENERIC_LABELS[c] })) },
  ]

  if (!open) {
    return (
      <Button
        data-testid="mock-dev-panel-toggle"
        icon={<ExperimentOutlined />}
        onClick={() => setOpen(true)}
        style={{ position: 'fixed', left: 12, bottom: 12, zIndex: 2000 }}
      >
        Mock{active.length ? `: ${active.length} forced` : ''}
      </Button>
    )
  }

  return (
    <Card
      data-testid="mock-dev-panel"
      size="small"
      title="Forced outcomes (mock only)"
      extra={<Button type="text" size="small" onClick={() => setOpen(false)} aria-label="Close the mock panel">Close</Button>}
      style={{ position: 'fixed', left: 12, bottom: 12, zIndex: 2000, width: 380, maxWidth: 'calc(100vw - 24px)', boxShadow: '0 6px 24px rgba(0,0,0,0.18)' }}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {active.length === 0 ? (
          <Typography.Text type="secondary">Nothing forced: the mocks answer normally.</Typography.Text>
        ) : (
          active.map((o) => (
            <Tag key={o.target} closable onClose={() => removeOverride(o.target)} style={{ whiteSpace: 'normal' }}>
              {o.target === EVERY_ENDPOINT ? 'every endpoint' : o.target} → {scenarioById(o.choice)?.id ?? GENERIC_LABELS[o.choice]}
            </Tag>
          ))
        )}
        <Select
          aria-label="Request kind"
          showSearch
          value={target}
          options={kindOptions}
          onChange={(value: string) => {
            setTarget(value)
            setChoice(null)
          }}
          style={{ width: '100%' }}
        />
        <Select
          aria-label="Outcome"
          showSearch
          placeholder="Outcome"
          value={choice}
          options={outcomeOptions}
          onChange={(value: string) => setChoice(value)}
          style={{ width: '100%' }}
        />
        <Space wrap>
          <Button type="primary" disabled={!choice} onClick={() => choice && setOverride({ target, choice })}>
            Force
          </Button>
          <Button disabled={active.length === 0} onClick={clearOverrides}>
            Clear all
          </Button>
          <Button onClick={() => window.location.reload()}>Reload page</Button>
        </Space>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Applies from the next request, in this tab. In the URL:{' '}
          <code style={{ whiteSpace: 'nowrap' }}>?{URL_PARAMETER}=bills.vend.decline-96</code>
        </Typography.Text>
      </Space>
    </Card>
  )
}
