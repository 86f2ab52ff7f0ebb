/**
 * Everything around the router: the Redux store, the antd theme and App
 * context, and the toast host. Shared by `main.tsx` and the test helper so
 * tests render exactly what users get.
 */
import type { ReactNode } from 'react'
import { Provider } from 'react-redux'
import { App as AntApp, ConfigProvider } from 'antd'
import enGB from 'antd/locale/en_GB'
import type { AppStore } from './store'
import { theme } from './theme'
import { ToastHost } from './ToastHost'

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ConfigProvider theme={theme} locale={enGB} form={{ validateMessages: { required: 'This field is required' } }}>
        <AntApp message={{ top: 24, duration: 5 }}>
          <ToastHost />
          {children}
        </AntApp>
      </ConfigProvider>
    </Provider>
  )
}
