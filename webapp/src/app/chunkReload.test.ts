import { navigation } from '../lib/navigation'
import {
  CHUNK_RELOAD_KEY,
  RELOAD_AT_MOST_EVERY_MS,
  reloadOnVanishedChunks,
  reloadScheduled,
  resetChunkReload,
  scheduleReloadForVanishedChunk,
} from './chunkReload'
import { loadChunk } from './loadChunk'

afterEach(() => {
  resetChunkReload()
  navigation.bindPendingPath(() => null)
})

describe('reloading for a vanished chunk', () => {
  it('reloads once, then shows the failure for a minute instead of looping', () => {
    const now = 1_000_000
    expect(scheduleReloadForVanishedChunk(now)).toBe(true)
    expect(reloadScheduled()).toBe(true)
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe(String(now))

    // The page reloaded (a new page life): the same failure again soon after is shown.
    resetChunkReload()
    expect(scheduleReloadForVanishedChunk(now + 5_000)).toBe(false)
    expect(reloadScheduled()).toBe(false)
    // A later deploy may reload again.
    expect(scheduleReloadForVanishedChunk(now + RELOAD_AT_MOST_EVERY_MS + 1)).toBe(true)
  })

  it('loadChunk resolves to null while a reload is due, and throws the failure after one', async () => {
    const missing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
    await expect(loadChunk(missing)).resolves.toBeNull()
    resetChunkReload()
    await expect(loadChunk(missing)).rejects.toThrow('Failed to fetch dynamically imported module')
    await expect(loadChunk(async () => 'page')).resolves.toBe('page')
  })

  it("Vite's preload error reloads a page's own lazy part, but leaves a route's code to the router", () => {
    const reload = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload })
    reloadOnVanishedChunks()

    navigation.bindPendingPath(() => '/beneficiary')
    window.dispatchEvent(new Event('vite:preloadError'))
    expect(reload).not.toHaveBeenCalled()
    expect(reloadScheduled()).toBe(false)

    navigation.bindPendingPath(() => null)
    window.dispatchEvent(new Event('vite:preloadError'))
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
