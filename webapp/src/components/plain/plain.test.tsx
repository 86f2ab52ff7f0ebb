/**
 * The plain components draw antd's markup (its classes, elements and attributes, the
 * `css-*` classes of antd's runtime aside) and carry the component variables antd's runtime
 * writes for the Kobo theme (plainTheme.css), so antd's prebuilt stylesheet draws them alike.
 */
import { render } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ReactElement } from 'react'
import * as antd from 'antd'
import { PlusOutlined, ReloadOutlined, UserOutlined } from '@ant-design/icons'
import { AntdProviders } from '../../app/AntdProviders'
import { Alert, Avatar, Button, Card, Col, Empty, Row, Skeleton } from '.'
import { StatusTag } from '../StatusTag'
import { THEME_CLASS } from '../../lib/theme'

/** An element as text, its attributes and classes sorted, antd's style hash left out. */
function canonical(node: Node): string {
  if (!(node instanceof Element)) return node.textContent ?? ''
  const attributes = [...node.attributes]
    .map(({ name, value }) => {
      if (name !== 'class') return `${name}="${value}"`
      const kept = value.split(/\s+/).filter((name) => name && (name === THEME_CLASS || !name.startsWith('css-')))
      return `class="${kept.sort().join(' ')}"`
    })
    .sort()
  return `<${node.tagName.toLowerCase()} ${attributes.join(' ')}>${[...node.childNodes].map(canonical).join('')}</${node.tagName.toLowerCase()}>`
}

function drawn(element: ReactElement): string {
  const { container, unmount } = render(<AntdProviders>{element}</AntdProviders>)
  const text = [...container.childNodes].map(canonical).join('')
  unmount()
  return text
}

const PAIRS: Array<[string, ReactElement, ReactElement]> = [
  [
    'Card with a title and an extra',
    <antd.Card title="My Accounts" variant="borderless" extra={<span>+</span>}>
      body
    </antd.Card>,
    <Card title="My Accounts" extra={<span>+</span>}>
      body
    </Card>,
  ],
  ['Card without a title', <antd.Card className="kobo-total-card" variant="borderless">body</antd.Card>, <Card className="kobo-total-card">body</Card>],
  [
    'Row and Cols',
    <antd.Row gutter={[20, 20]}>
      <antd.Col xs={24} lg={14}>a</antd.Col>
      <antd.Col span={8}>b</antd.Col>
    </antd.Row>,
    <Row gutter={[20, 20]}>
      <Col xs={24} lg={14}>a</Col>
      <Col span={8}>b</Col>
    </Row>,
  ],
  [
    'primary circle icon button, disabled',
    <antd.Button shape="circle" type="primary" icon={<PlusOutlined />} aria-label="Add account" disabled />,
    <Button shape="circle" type="primary" icon={<PlusOutlined />} aria-label="Add account" disabled />,
  ],
  [
    'small round text button',
    <antd.Button type="text" shape="circle" size="small" icon={<PlusOutlined />} aria-label="Show" aria-pressed={false} />,
    <Button type="text" shape="circle" size="small" icon={<PlusOutlined />} aria-label="Show" aria-pressed={false} />,
  ],
  ['link button', <antd.Button type="link" style={{ paddingInline: 0 }}>View all</antd.Button>, <Button type="link" style={{ paddingInline: 0 }}>View all</Button>],
  [
    'large primary button with an icon',
    <antd.Button type="primary" size="large" icon={<PlusOutlined />}>Transfer</antd.Button>,
    <Button type="primary" size="large" icon={<PlusOutlined />}>Transfer</Button>,
  ],
  [
    'small default button with a class',
    <antd.Button className="kobo-retry" size="small" icon={<ReloadOutlined aria-hidden />}>Retry</antd.Button>,
    <Button className="kobo-retry" size="small" icon={<ReloadOutlined aria-hidden />}>Retry</Button>,
  ],
  [
    'avatar',
    <antd.Avatar size={36} icon={<UserOutlined />} style={{ background: '#E3F1EB', color: '#0B6E4F' }} />,
    <Avatar size={36} icon={<UserOutlined />} style={{ background: '#E3F1EB', color: '#0B6E4F' }} />,
  ],
  [
    'empty with a next step',
    <antd.Empty className="kobo-empty" data-testid="empty" image={antd.Empty.PRESENTED_IMAGE_SIMPLE} description="No records">
      <button type="button">Add</button>
    </antd.Empty>,
    <Empty className="kobo-empty" data-testid="empty" description="No records">
      <button type="button">Add</button>
    </Empty>,
  ],
  ['empty alone', <antd.Empty image={antd.Empty.PRESENTED_IMAGE_SIMPLE} description="No records" />, <Empty description="No records" />],
  ['skeleton', <antd.Skeleton active paragraph={{ rows: 6 }} />, <Skeleton rows={6} />],
  [
    'error alert with a description',
    <antd.Alert type="error" showIcon title="Failed" description={<b>why</b>} />,
    <Alert type="error" title="Failed" description={<b>why</b>} />,
  ],
  [
    'info alert with an action',
    <antd.Alert className="kobo-slow" type="info" showIcon title="Slow" action={<button type="button">Retry</button>} />,
    <Alert className="kobo-slow" type="info" title="Slow" action={<button type="button">Retry</button>} />,
  ],
  [
    'warning alert with both',
    <antd.Alert data-testid="banner" style={{ marginBottom: 20 }} type="warning" showIcon title="Offline" description="old" action={<button type="button">Retry</button>} />,
    <Alert data-testid="banner" style={{ marginBottom: 20 }} type="warning" title="Offline" description="old" action={<button type="button">Retry</button>} />,
  ],
]

describe('plain components', () => {
  it.each(PAIRS)('%s: antd’s markup', (_, real, plain) => {
    expect(drawn(plain)).toBe(drawn(real))
  })

  it('status tags: antd’s markup', () => {
    const real = (color: string, text: string) => <antd.Tag color={color} style={{ marginInlineEnd: 0 }}>{text}</antd.Tag>
    // StatusTag's own darker text colour aside.
    const withoutColour = (text: string) => text.replace(/ color: [^;]+;/, '')
    expect(withoutColour(drawn(<StatusTag status="COMPLETED" />))).toBe(drawn(real('success', 'Completed')))
    expect(drawn(<StatusTag status="SCHEDULED" />)).toBe(drawn(real('default', 'Scheduled')))
  })

  it('carry the component variables antd’s runtime writes for the Kobo theme', () => {
    render(
      <AntdProviders>
        <antd.Card>c</antd.Card>
        <antd.Button>b</antd.Button>
        <antd.Avatar icon={<UserOutlined />} />
        <antd.Skeleton active />
        <antd.Alert title="a" />
        <antd.Tag>t</antd.Tag>
      </AntdProviders>,
    )
    const runtime = [...document.head.querySelectorAll('style')]
      .map((style) => style.textContent ?? '')
      .flatMap((text) => [...text.matchAll(/\.css-var-[\w-]+\.ant-[\w-]+\{[^}]*\}/g)])
      .map(([rule]) => rule)
    const plainTheme = readFileSync(join(import.meta.dirname, 'plainTheme.css'), 'utf8')
    const ours = [...plainTheme.matchAll(/^\.css-var-[\w-]+\.ant-[\w-]+\{[^}]*\}$/gm)].map(([rule]) => rule)
    expect(ours.sort()).toEqual(runtime.sort())
  })
})
