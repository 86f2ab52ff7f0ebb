/** The ticket list's search box, on the list page and in the pane beside a ticket (search.ts filters). */
import { Input } from 'antd'
import { SearchOutlined } from '@ant-design/icons'

export function TicketSearch({ value, onChange, className }: { value: string; onChange: (value: string) => void; className: string }) {
  return (
    <Input
      allowClear
      prefix={<SearchOutlined />}
      placeholder="Search by subject or date"
      aria-label="Search tickets"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className={className}
    />
  )
}
