import { brotliDecompressSync, gunzipSync } from 'node:zlib'

import { describe, expect, it } from 'vitest'

import { loopTurnsWhile } from '#tests/loop-turns.ts'

import {
  contentSecurityPolicy,
  inlineScriptHashes,
} from './content-security-policy.ts'
import {
  compressForMany,
  createPageCache,
  pageBody,
  type RenderedPage,
} from './page-cache.ts'

const page = (html: string): RenderedPage => ({
  status: 200,
  headers: [],
  body: Buffer.from(html),
})

// Compressed for many once its turn comes: another test's page may have just been.
async function keptForMany(kept: RenderedPage) {
  await expect
    .poll(() => {
      void compressForMany(kept)
      return kept.smallest !== undefined
    })
    .toBe(true)
  await kept.smallest
}

describe('the page cache', () => {
  it('returns a page until it expires', () => {
    let clock = 0
    const cache = createPageCache({ ttlMs: 50, now: () => clock })
    cache.set('/index/new', page('<p>首页</p>'))
    expect(cache.get('/index/new')?.body.toString()).toBe('<p>首页</p>')
    clock += 60
    expect(cache.get('/index/new')).toBeUndefined()
  })

  it('drops the oldest pages when their bytes pass the limit', () => {
    const cache = createPageCache({ maxBytes: 4 }) // each one-byte page counts 2
    cache.set('/a', page('a'))
    cache.set('/b', page('b'))
    cache.set('/c', page('c'))
    expect(cache.get('/a')).toBeUndefined()
    expect(cache.get('/c')?.body.toString()).toBe('c')
    expect(cache.size).toBe(2)
  })

  it('compresses a page once and serves the same bytes after', () => {
    const rendered = page('<p>通知公告</p>'.repeat(200))
    const first = pageBody(rendered, 'gzip')
    expect(pageBody(rendered, 'gzip')).toBe(first)
    expect(gunzipSync(first).toString()).toBe(rendered.body.toString())
    expect(pageBody(rendered, 'identity')).toBe(rendered.body)
  })

  it('compresses a page kept for many once more, smaller, without holding the loop', async () => {
    // About the size of an article page: its text, its markup and the router's data.
    const html = Array.from(
      { length: 400 },
      (_, i) =>
        `<li><a href="/index/newDetail?id=${i}">第${i}号水利工程施工招标公告（${(i * 7919) % 1000}标段）</a><span>2026-12-0${i % 9}</span></li>`,
    ).join('')
    const rendered = page(html)
    const fast = {
      br: pageBody(rendered, 'br'),
      gzip: pageBody(rendered, 'gzip'),
    }

    const { turns } = await loopTurnsWhile(() => keptForMany(rendered))
    expect(turns).toBeGreaterThanOrEqual(5)
    expect(rendered.br!.length).toBeLessThan(fast.br.length * 0.9)
    expect(rendered.gzip!.length).toBeLessThan(fast.gzip.length)
    expect(brotliDecompressSync(rendered.br!).toString()).toBe(html)
    expect(gunzipSync(rendered.gzip!).toString()).toBe(html)
    expect(pageBody(rendered, 'br')).toBe(rendered.br)
    // Once: asking again compresses nothing more.
    const smallest = rendered.br
    await compressForMany(rendered)
    expect(rendered.br).toBe(smallest)
  })

  it('compresses one kept page at a time, resting as long after each, however many are asked for', async () => {
    const pages = ['通知公告', '政策法规', '招标公告'].map((title) =>
      page(
        `<h1>${title}</h1>` +
          Array.from(
            { length: 300 },
            (_, i) =>
              `<li><a href="/index/newDetail?id=${i}">${title}第${i}号（${(i * 7919) % 1000}标段）</a></li>`,
          ).join(''),
      ),
    )
    const fast = pages.map((p) => pageBody(p, 'br'))
    const [first, second, third] = pages as [
      RenderedPage,
      RenderedPage,
      RenderedPage,
    ]
    // Once the rest after another test's page is over, the first is taken…
    await expect
      .poll(() => {
        void compressForMany(first)
        return first.smallest !== undefined
      })
      .toBe(true)
    const firstDone = first.smallest
    // …and the others, asked meanwhile, are not.
    await compressForMany(second)
    await compressForMany(third)
    expect(second.smallest).toBeUndefined()
    expect(third.smallest).toBeUndefined()
    await firstDone
    expect(first.br!.length).toBeLessThan(fast[0]!.length)
    // Right after, the others wait out the rest; each is made once its turn comes.
    await compressForMany(second)
    expect(second.smallest).toBeUndefined()
    for (const kept of [second, third]) await keptForMany(kept)
    expect(second.br!.length).toBeLessThan(fast[1]!.length)
    expect(third.br!.length).toBeLessThan(fast[2]!.length)
  })
})

describe('the content security policy', () => {
  it('lists the hash of each inline script and never allows inline scripts in general', () => {
    const html =
      '<script>window.__ctx = 1</script><script type="module" async>import "/a.js"</script>' +
      '<script src="/assets/x.js"></script><script type="application/json" id="c">{"a":1}</script>'
    const hashes = inlineScriptHashes(html)
    expect(hashes).toHaveLength(2)
    expect(hashes[0]).toBe(
      "'sha256-obSp0rh3YwYgCQC91vTQpN7AP/y9ss6UVj209DtMAXY='",
    )
    const policy = contentSecurityPolicy(hashes)
    expect(policy).toContain(`script-src 'self' ${hashes.join(' ')}`)
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(policy).toContain("object-src 'none'")
  })
})
