/** antd's Dropdown as the tests' antd has it (vite.config.ts's test alias for `antd/es/dropdown`). */
export { Dropdown as default } from 'antd'
