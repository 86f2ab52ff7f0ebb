/**
 * The one pagination every list table uses: 10, 25 or 50 rows, a size changer and a
 * quick jumper; changing the size goes back to the first page.
 */
import { useState } from 'react'
import type { TablePaginationConfig } from 'antd'

export const PAGE_SIZES = [10, 25, 50]

/** A table paged on the client: its `pagination` prop, and `firstPage` for a new search or filter. */
export function useTablePagination() {
  const [page, setPage] = useState({ current: 1, pageSize: PAGE_SIZES[0] })
  const pagination: TablePaginationConfig = {
    current: page.current,
    pageSize: page.pageSize,
    pageSizeOptions: PAGE_SIZES,
    showSizeChanger: true,
    showQuickJumper: true,
    hideOnSinglePage: false,
    responsive: true,
    onChange: (current, pageSize) => setPage({ current: pageSize !== page.pageSize ? 1 : current, pageSize }),
  }
  const firstPage = () => setPage((p) => ({ ...p, current: 1 }))
  return { pagination, firstPage }
}
