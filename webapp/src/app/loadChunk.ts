import { scheduleReloadForVanishedChunk } from './chunkReload'

/**
 * Loads a lazily loaded chunk. After a new release the old chunk names may be gone: the
 * first failure schedules one reload to pick up the new ones (app/chunkReload.ts) and resolves
 * to null, and the route then shows ReloadingPage, which reloads; a failure within a minute
 * of that reload is thrown, for the error page.
 */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load()
  } catch (error) {
    if (scheduleReloadForVanishedChunk()) return null
    throw error
  }
}
