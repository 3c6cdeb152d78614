import { brotliDecompressSync, gunzipSync } from 'node:zlib'

import { describe, expect, it, vi } from 'vitest'

import { loopTurnsWhile } from '#tests/loop-turns.ts'

import {
  createOpenDataCache,
  encodedBody,
  openDataDocument,
} from './open-data-cache.ts'

const value = (text: string) => () => Promise.resolve(text)

describe('the open data cache', () => {
  it('builds a value once for requests that arrive together, and again after clear()', async () => {
    const cache = createOpenDataCache()
    const build = vi.fn(value('feed'))
    await Promise.all([cache.read('a', build), cache.read('a', build)])
    expect(build).toHaveBeenCalledTimes(1)
    cache.clear()
    expect(await cache.read('a', build)).toBe('feed')
    expect(build).toHaveBeenCalledTimes(2)
  })

  it('builds again once a value is older than its own age, or the default', async () => {
    vi.useFakeTimers()
    try {
      const cache = createOpenDataCache({ maxAgeMs: 1000 })
      const short = vi.fn(value('feed'))
      const long = vi.fn(value('sitemap'))
      await cache.read('feed', short)
      await cache.read('sitemap', long, { maxAgeMs: 60_000 })
      vi.advanceTimersByTime(1500)
      await cache.read('feed', short)
      await cache.read('sitemap', long, { maxAgeMs: 60_000 })
      expect(short).toHaveBeenCalledTimes(2)
      expect(long).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('drops the oldest values past its bytes, and keeps nothing that failed', async () => {
    const cache = createOpenDataCache({ maxBytes: 10 })
    const bytes = (text: string) => text.length
    await cache.read('one', value('aaaa'), { bytes })
    await cache.read('two', value('bbbb'), { bytes })
    await cache.read('three', value('cccc'), { bytes })
    expect(cache.size).toBe(2)
    const rebuilt = vi.fn(value('aaaa'))
    await cache.read('one', rebuilt, { bytes })
    expect(rebuilt).toHaveBeenCalledTimes(1)
    await expect(
      cache.read('broken', () => Promise.reject(new Error('database'))),
    ).rejects.toThrow('database')
    expect(cache.size).toBe(2)
  })

  it('does not keep a value built from content a change has since replaced', async () => {
    const cache = createOpenDataCache()
    let finish!: (text: string) => void
    const pending = cache.read(
      'feed',
      () => new Promise<string>((resolve) => (finish = resolve)),
    )
    cache.clear()
    finish('old')
    expect(await pending).toBe('old')
    expect(await cache.read('feed', value('new'))).toBe('new')
  })

  it('compresses the largest sitemap once, without holding the loop', async () => {
    const urls = Array.from(
      { length: 50_000 },
      (_, i) =>
        `<url><loc>https://slj.example.gov.cn/index/newDetail?id=${i}</loc></url>`,
    )
    const xml = `<urlset>${urls.join('')}</urlset>`
    const doc = openDataDocument(xml, 'application/xml', null)
    const { result: br, turns } = await loopTurnsWhile(() =>
      encodedBody(doc, 'br'),
    )
    expect(turns).toBeGreaterThanOrEqual(5)
    expect(brotliDecompressSync(br).toString()).toBe(xml)
    expect(await encodedBody(doc, 'br')).toBe(br)
    expect(gunzipSync(await encodedBody(doc, 'gzip')).toString()).toBe(xml)
    expect(await encodedBody(doc, 'identity')).toBe(doc.body)
  })
})
