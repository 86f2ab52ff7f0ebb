import { chunkLoadSucceeded, reloadForVanishedChunk } from './chunkReload'

/**
 * Loads a lazily loaded chunk. After a new release the old chunk names may be gone: the
 * first failure reloads the page once to pick up the new ones (app/chunkReload.ts), resolving
 * to null meanwhile; a failure after that reload is thrown, for the error page.
 */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    const loaded = await load()
    chunkLoadSucceeded()
    return loaded
  } catch (error) {
    if (reloadForVanishedChunk()) return null
    throw error
  }
}
