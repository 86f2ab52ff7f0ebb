const CHUNK_RELOAD_KEY = 'chunkReload'

/**
 * Loads a lazily loaded chunk. After a new release the old chunk names are
 * gone: the first failure reloads the page once to pick up the new ones
 * (resolving to null meanwhile).
 */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    const loaded = await load()
    sessionStorage.removeItem(CHUNK_RELOAD_KEY)
    return loaded
  } catch (error) {
    if (!sessionStorage.getItem(CHUNK_RELOAD_KEY)) {
      sessionStorage.setItem(CHUNK_RELOAD_KEY, '1')
      window.location.reload()
      return null
    }
    throw error
  }
}
