import { Input } from 'antd'
import { SearchOutlined } from '@ant-design/icons'

/**
 * The search box in a list table's toolbar (tableToolbar.css): clearable, with a search icon.
 * `label` names it for screen readers and is the placeholder unless `placeholder` is given.
 */
export function TableSearch({
  label,
  placeholder = label,
  value,
  onChange,
}: {
  label: string
  placeholder?: string
  value: string
  onChange: (value: string) => void
}) {
  return (
    <Input
      allowClear
      prefix={<SearchOutlined />}
      placeholder={placeholder}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className="kobo-table-search"
    />
  )
}
