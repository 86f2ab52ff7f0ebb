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
import { AntdProviders } from '../AntdProviders'
import { stillTheme } from '../stillTheme'
import { Alert, Avatar, Button, Card, Col, Empty, Layout, Row, Skeleton } from '.'
import { Tag } from './Tag'
import { StatusTag } from '../StatusTag'
import { THEME_CLASS, theme } from '../../lib/theme'

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
    'Row with a horizontal gutter, Cols from a breakpoint up, with orders',
    <antd.Row gutter={16}>
      <antd.Col xs={24} md={12}>a</antd.Col>
      <antd.Col xs={24} lg={{ span: 16, order: 2 }} xl={{ span: 17, order: 2 }}>b</antd.Col>
    </antd.Row>,
    <Row gutter={16}>
      <Col xs={24} md={12}>a</Col>
      <Col xs={24} lg={{ span: 16, order: 2 }} xl={{ span: 17, order: 2 }}>b</Col>
    </Row>,
  ],
  ['tag', <antd.Tag className="kobo-balance-panel__tag">Disabled</antd.Tag>, <Tag className="kobo-balance-panel__tag">Disabled</Tag>],
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
    'the shell: a layout with a side bar, a header and the content',
    <antd.Layout className="kobo-shell">
      <antd.Layout.Sider width={248} collapsedWidth={80} collapsible collapsed={false} trigger={null} className="kobo-shell__sider">
        <nav>n</nav>
      </antd.Layout.Sider>
      <antd.Layout>
        <antd.Layout.Header className="kobo-shell__header">h</antd.Layout.Header>
        <antd.Layout.Content className="kobo-shell__content">c</antd.Layout.Content>
      </antd.Layout>
    </antd.Layout>,
    <Layout className="kobo-shell" hasSider>
      <Layout.Sider width={248} collapsedWidth={80} collapsed={false} className="kobo-shell__sider">
        <nav>n</nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="kobo-shell__header">h</Layout.Header>
        <Layout.Content className="kobo-shell__content">c</Layout.Content>
      </Layout>
    </Layout>,
  ],
  [
    'a collapsed side bar',
    <antd.Layout.Sider width={248} collapsedWidth={80} collapsible collapsed trigger={null}>
      n
    </antd.Layout.Sider>,
    <Layout.Sider width={248} collapsedWidth={80} collapsed>
      n
    </Layout.Sider>,
  ],
  [
    'the phone’s shell: no side bar',
    <antd.Layout className="kobo-shell">
      <antd.Layout>
        <antd.Layout.Header>h</antd.Layout.Header>
      </antd.Layout>
    </antd.Layout>,
    <Layout className="kobo-shell">
      <Layout>
        <Layout.Header>h</Layout.Header>
      </Layout>
    </Layout>,
  ],
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
        <antd.Layout>
          <antd.Layout.Sider>s</antd.Layout.Sider>
        </antd.Layout>
        <antd.Form layout="vertical">
          <antd.Form.Item name="a" label="A" rules={[{ required: true }]}>
            <antd.Select showSearch options={[]} />
          </antd.Form.Item>
          <antd.Input />
          <antd.InputNumber prefix="₦" controls={false} />
          <antd.Checkbox>c</antd.Checkbox>
        </antd.Form>
      </AntdProviders>,
    )
    const runtime = rulesIn(runtimeStyles(), /\.css-var-[\w-]+\.ant-[\w-]+\{[^}]*\}/g)
    const ours = rulesIn(plainTheme(), /^\.css-var-[\w-]+\.ant-[\w-]+\{[^}]*\}$/gm)
    expect(ours.sort()).toEqual(runtime.sort())
  })

  it('carry the theme’s own variables, as antd’s runtime writes them', () => {
    render(
      <antd.ConfigProvider theme={theme}>
        <antd.Button>b</antd.Button>
      </antd.ConfigProvider>,
    )
    const runtime = rulesIn(runtimeStyles(), new RegExp(`\\.${THEME_CLASS}\\{[^}]*\\}`, 'g')).at(-1)
    const [ours] = rulesIn(plainTheme(), new RegExp(`^\\.${THEME_CLASS}\\{[^}]*\\}$`, 'gm'))
    expect(ours).toBe(runtime)
  })

  it('stop antd’s motion where the device asks for less, as AntdProviders does', () => {
    render(
      <antd.ConfigProvider theme={stillTheme}>
        <antd.Button>b</antd.Button>
      </antd.ConfigProvider>,
    )
    // The latest rule: an earlier test's may still be there.
    const still = rulesIn(runtimeStyles(), new RegExp(`\\.${THEME_CLASS}\\{[^}]*\\}`, 'g')).at(-1) ?? ''
    expect(still).toContain('--ant-motion-duration-mid:0s;')
    const [moving] = rulesIn(plainTheme(), new RegExp(`^\\.${THEME_CLASS}\\{[^}]*\\}$`, 'gm'))
    const changed = declarations(still).filter((declaration) => !declarations(moving).includes(declaration))
    const reduced = /@media \(prefers-reduced-motion: reduce\)\{(\.[\w-]+)\{([^}]*)\}\}/.exec(plainTheme())
    expect(reduced?.[1]).toBe(`.${THEME_CLASS}`)
    expect(declarations(`{${reduced?.[2]}}`)).toEqual(changed)
  })
})

/** The text of the style elements antd's runtime wrote. */
function runtimeStyles(): string {
  return [...document.head.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n')
}

function plainTheme(): string {
  return readFileSync(join(import.meta.dirname, 'plainTheme.css'), 'utf8')
}

/** The rules `pattern` finds, each on one line (runtime's shadows span several: the stylesheet has them on one). */
function rulesIn(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map(([rule]) => rule.replace(/\s+/g, ' '))
}

/** A rule's declarations (`--ant-x:1px;`). */
function declarations(rule: string): string[] {
  return rule.slice(rule.indexOf('{') + 1, rule.lastIndexOf('}')).split(';').filter(Boolean)
}
