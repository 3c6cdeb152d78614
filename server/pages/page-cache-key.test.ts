import Fastify from 'fastify'
import type { ServerBuild } from 'react-router'
import { describe, expect, it } from 'vitest'

import type { ClientConfig } from '#common/client-config.ts'
import type { PortalApi } from '#common/portal-api.ts'
import { oneDocumentBuild } from '#tests/server-build.ts'

import { createPageCache } from './page-cache.ts'
import { createPageCacheKey } from './page-cache-key.ts'
import { pageRoutes } from './page-routes.ts'

const ROUTE_ASSETS = {
  hasAction: false,
  hasLoader: false,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
  clientActionModule: undefined,
  clientLoaderModule: undefined,
  clientMiddlewareModule: undefined,
  hydrateFallbackModule: undefined,
}

/**
 * A build with an article page that reads `id`, a list that reads `page` and `keyword`, and a
 * page that says nothing of what it reads; every render is numbered.
 */
function numberedBuild(): ServerBuild {
  let renders = 0
  const build = oneDocumentBuild((_request, status, headers) => {
    renders++
    headers.set('Content-Type', 'text/html; charset=utf-8')
    return new Response(
      `<!DOCTYPE html><html lang="zh-CN"><body><p>第${renders}次渲染</p></body></html>`,
      { status, headers },
    )
  })
  const pages = {
    article: { path: 'index/newDetail', query: ['id'] },
    list: { path: 'index/newList', query: ['page', 'keyword'] },
    other: { path: 'other', query: undefined },
  }
  for (const [id, { path, query }] of Object.entries(pages)) {
    build.routes[id] = {
      id,
      parentId: 'root',
      path,
      module: { default: () => null, handle: { query } },
    }
    build.assets.routes[id] = {
      id,
      parentId: 'root',
      path,
      module: `/assets/${id}.js`,
      ...ROUTE_ASSETS,
    }
  }
  return build
}

describe('the page cache key', () => {
  const key = createPageCacheKey(numberedBuild())

  it('keeps only the parameters the page reads, in the order it declares them', () => {
    expect(key('/index/newDetail?id=71&x=1')).toBe('/index/newDetail?id=71')
    expect(key('/index/newDetail?utm_source=a&id=71')).toBe(
      '/index/newDetail?id=71',
    )
    expect(key('/index/newList?keyword=水利&page=3&time=week')).toBe(
      `/index/newList?page=3&keyword=${encodeURIComponent('水利').replaceAll('%20', '+')}`,
    )
    expect(key('/index/newList?x=1')).toBe('/index/newList')
  })

  it('keeps the whole address of a page that does not say what it reads, and of an unknown one', () => {
    expect(key('/other?x=1')).toBe('/other?x=1')
    expect(key('/nowhere?x=1')).toBe('/nowhere?x=1')
    expect(key('/index/newDetail')).toBe('/index/newDetail')
  })

  it('keeps the 适老化 mode apart, read only from its cookie and only as the exact value elder', () => {
    const standard = key('/index/newDetail?id=71')
    const elder = key('/index/newDetail?id=71', 'display-mode=elder')
    expect(elder).not.toBe(standard)
    expect(key('/index/newDetail?id=71&x=1', 'a=1; display-mode=elder')).toBe(
      elder,
    )
    // Any other cookie or value is the standard mode: no cookie makes a page of its own.
    for (const cookie of [
      '',
      'display-mode=',
      'display-mode=large',
      'display-mode=ELDER',
      `display-mode=elder${Math.random()}`,
      'staff-session=abc; file-access=xyz',
      'x-display-mode=elder',
    ])
      expect(key('/index/newDetail?id=71', cookie), cookie).toBe(standard)
    // No address spells the mode's key: a line break reaches the server only encoded.
    expect(key('/index/newDetail?id=71%0Amode=elder')).not.toBe(elder)
    expect(key('/other?x=1%0Amode=elder')).not.toBe(
      key('/other?x=1', 'display-mode=elder'),
    )
  })

  it('never serves a page rendered in the 适老化 mode to a visitor without it, nor the other way round', async () => {
    const app = Fastify()
    await app.register(pageRoutes, {
      build: numberedBuild(),
      api: {} as PortalApi,
      clientConfig: async () => ({}) as ClientConfig,
      cache: createPageCache(),
    })
    const body = async (url: string, cookie?: string) =>
      (await app.inject({ url, headers: cookie ? { cookie } : {} })).body
    const url = '/index/newDetail?id=71'
    expect(await body(url, 'display-mode=elder')).toContain('第1次渲染')
    expect(await body(url)).toContain('第2次渲染')
    expect(await body(url, 'display-mode=large')).toContain('第2次渲染')
    expect(await body(url, 'a=b; display-mode=elder')).toContain('第1次渲染')
    expect(await body(url, 'display-mode=')).toContain('第2次渲染')
    const answer = await app.inject({ url })
    expect(answer.headers.vary).toBe('Accept-Encoding, Cookie')
    await app.close()
  })

  it('serves a page asked for with a parameter it does not read from the cache, not a new render', async () => {
    const app = Fastify()
    await app.register(pageRoutes, {
      build: numberedBuild(),
      api: {} as PortalApi,
      clientConfig: async () => ({}) as ClientConfig,
      cache: createPageCache(),
    })
    const body = async (url: string) => (await app.inject({ url })).body
    const first = await body('/index/newDetail?id=71')
    expect(first).toContain('第1次渲染')
    for (let i = 0; i < 5; i++)
      expect(await body(`/index/newDetail?id=71&x=${Math.random()}`)).toBe(
        first,
      )
    expect(await body('/index/newDetail?id=72')).toContain('第2次渲染')
    // A page that does not say what it reads is rendered for each new address.
    expect(await body('/other?x=1')).toContain('第3次渲染')
    expect(await body('/other?x=2')).toContain('第4次渲染')
    expect(await body('/other?x=1')).toContain('第3次渲染')
    await app.close()
  })
})
