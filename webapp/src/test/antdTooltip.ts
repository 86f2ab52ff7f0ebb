/** antd's Tooltip as the tests' antd has it (vite.config.ts's test alias for `antd/es/tooltip`). */
export { Tooltip as default } from 'antd'
