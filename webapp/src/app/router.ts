/** The browser's data router; sagas navigate through it via `navigation`. */
import { createBrowserRouter } from 'react-router'
import { routes } from './routes'
import { navigation } from '../lib/navigation'

export function createAppRouter() {
  const router = createBrowserRouter(routes)
  navigation.bind((to, options) => void router.navigate(to, options))
  navigation.bindPendingPath(() => {
    const pending = router.state.navigation.location
    return pending ? `${pending.pathname}${pending.search}${pending.hash}` : null
  })
  return router
}
