import { useMemo } from 'react'
import { Table, type TableProps } from 'antd'
import { useBreakpoints } from '../../lib/useBreakpoints'

/**
 * antd's Table with columns' `responsive` applied from the first render. antd learns the
 * breakpoints in an effect (Grid.useBreakpoint), so its first render leaves those columns
 * out and a second one puts them back. In the unit tests (files sharing one jsdom, shuffled
 * or under load), tables that mounted with their rows were seen with the desktop's headers
 * over the phone's cells; the path inside antd was not found. Here the columns are chosen
 * from matchMedia before antd sees them, and antd gets no `responsive` to correct.
 */
export function ResponsiveTable<Row extends object>({ columns, ...props }: TableProps<Row>) {
  const screens = useBreakpoints()
  const shown = useMemo(
    () =>
      columns
        ?.filter((column) => !column.responsive || column.responsive.some((breakpoint) => screens.has(breakpoint)))
        .map(({ responsive: _shownOn, ...column }) => column),
    [columns, screens],
  )
  return <Table<Row> {...props} columns={shown} />
}
