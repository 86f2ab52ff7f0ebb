/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** "true" in mock mode (`.env.mock`): MSW answers every API call in the browser. */
  readonly VITE_MSW?: string
  /** Optional absolute BFF address; empty means same origin. */
  readonly VITE_API_BASE_URL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}

/** antd's stylesheet in two parts, made at build time by build-plugins/antdStyles.ts. */
declare module 'virtual:antd-styles/first-screen.css'
declare module 'virtual:antd-styles/rest.css'
