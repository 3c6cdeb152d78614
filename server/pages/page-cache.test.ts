import { describe, expect, it } from 'vitest'

import { contentSecurityPolicy } from './content-security-policy.ts'
import { createPageCache } from './page-cache.ts'

const page = (html: string) => ({ status: 200, headers: [], html })

describe('the page cache', () => {
  it('returns a page until it expires', async () => {
    const cache = createPageCache({ ttlMs: 50 })
    cache.set('/index/new', page('<p>首页</p>'))
    expect(cache.get('/index/new')?.html).toBe('<p>首页</p>')
    await new Promise((r) => setTimeout(r, 60))
    expect(cache.get('/index/new')).toBeUndefined()
  })

  it('drops the oldest page when full', () => {
    const cache = createPageCache({ maxEntries: 2 })
    cache.set('/a', page('a'))
    cache.set('/b', page('b'))
    cache.set('/c', page('c'))
    expect(cache.get('/a')).toBeUndefined()
    expect(cache.get('/c')?.html).toBe('c')
    expect(cache.size).toBe(2)
  })
})

describe('the content security policy', () => {
  it('allows scripts only from the site or with the response nonce', () => {
    const policy = contentSecurityPolicy('abc123')
    expect(policy).toContain("script-src 'self' 'nonce-abc123'")
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(policy).toContain("object-src 'none'")
  })
})
