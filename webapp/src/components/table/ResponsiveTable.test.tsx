/** ResponsiveTable: a table that mounts with its rows shows the same columns in its head and rows, at any width. */
import { act, render } from '@testing-library/react'
import type { TableColumnsType } from 'antd'
import { ResponsiveTable } from './ResponsiveTable'
import { setWindowWidth } from '../../test/renderWithProviders'

type Row = { id: string; name: string; bank: string }
const rows: Row[] = [
  { id: '1', name: 'Tunde Bakare', bank: 'Access Bank' },
  { id: '2', name: 'Chioma Obi', bank: 'Kobo' },
]
const columns: TableColumnsType<Row> = [
  { title: 'Name', dataIndex: 'name', key: 'name' },
  { title: 'Bank', dataIndex: 'bank', key: 'bank', responsive: ['md'] },
]

const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent)
const cellsPerRow = () => [...document.querySelectorAll('tbody tr.ant-table-row')].map((row) => row.children.length)

describe('ResponsiveTable', () => {
  it('mounted with its rows on a wide screen, shows every column in the head and in each row', () => {
    render(<ResponsiveTable<Row> rowKey="id" dataSource={rows} columns={columns} pagination={false} />)
    expect(headers()).toEqual(['Name', 'Bank'])
    expect(cellsPerRow()).toEqual([2, 2])
  })

  it('on a phone leaves out the md column, and follows the window across the breakpoint', () => {
    setWindowWidth(390)
    render(<ResponsiveTable<Row> rowKey="id" dataSource={rows} columns={columns} pagination={false} />)
    expect(headers()).toEqual(['Name'])
    expect(cellsPerRow()).toEqual([1, 1])
    act(() => setWindowWidth(1024))
    expect(headers()).toEqual(['Name', 'Bank'])
    expect(cellsPerRow()).toEqual([2, 2])
  })
})
