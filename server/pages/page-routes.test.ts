import { brotliDecompressSync, gunzipSync } from 'node:zlib'

import Fastify, { type FastifyInstance } from 'fastify'
import type { ServerBuild } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { ClientConfig } from '#common/client-config.ts'
import type { PortalApi } from '#common/portal-api.ts'
import { oneDocumentBuild } from '#tests/server-build.ts'

import { createPageCache } from './page-cache.ts'
import { pageRoutes } from './page-routes.ts'

const PAGE =
  '<!DOCTYPE html><html lang="zh-CN"><head><title>首页</title></head>' +
  '<body><p>水利工程招标投标</p><script>window.__ready=1</script></body></html>'

/**
 * A one-route build whose entry answers as app/entry.server.tsx does: the whole page for GET,
 * and for HEAD only the status and headers React Router gives it, without a content type.
 */
function oneRouteBuild(): ServerBuild {
  return oneDocumentBuild(
    (request: Request, status: number, headers: Headers) => {
      if (request.method === 'HEAD')
        return new Response(null, { status, headers })
      headers.set('Content-Type', 'text/html; charset=utf-8')
      return new Response(PAGE, { status, headers })
    },
  )
}

describe('page routes', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = Fastify()
    await app.register(pageRoutes, {
      build: oneRouteBuild(),
      api: {} as PortalApi,
      clientConfig: async () => ({}) as ClientConfig,
      cache: createPageCache(),
    })
    await app.ready()
  })
  afterAll(() => app.close())

  it('answers HEAD with the headers of the GET of the same page, CSP and type included, without a body', async () => {
    for (const order of [
      ['HEAD', 'GET'],
      ['GET', 'HEAD'],
    ] as const) {
      const answers = new Map<string, Awaited<ReturnType<typeof app.inject>>>()
      for (const method of order)
        answers.set(
          method,
          await app.inject({ method, url: `/?order=${order[0]}` }),
        )
      const get = answers.get('GET')!
      const head = answers.get('HEAD')!
      expect(get.statusCode).toBe(200)
      expect(get.body).toContain('水利工程招标投标')
      expect(get.headers['content-security-policy']).toContain("'sha256-")
      expect(head.statusCode).toBe(200)
      expect(head.body).toBe('')
      for (const name of [
        'content-type',
        'content-security-policy',
        'cache-control',
        'vary',
        'content-length',
      ])
        expect(head.headers[name], name).toEqual(get.headers[name])
    }
  })

  it('compresses the router’s route manifest for a browser that accepts it', async () => {
    // Forty routes: a manifest worth compressing (more than 1 KB).
    const build = oneRouteBuild()
    for (let i = 0; i < 40; i++) {
      const id = `routes/section-${i}`
      build.routes[id] = {
        id,
        parentId: 'root',
        path: `section-${i}`,
        module: { default: () => null },
      } as ServerBuild['routes'][string]
      build.assets.routes[id] = {
        ...build.assets.routes.root!,
        id,
        parentId: 'root',
        path: `section-${i}`,
        module: `/assets/section-${i}.js`,
      }
    }
    const server = Fastify()
    await server.register(pageRoutes, {
      build,
      api: {} as PortalApi,
      clientConfig: async () => ({}) as ClientConfig,
      cache: createPageCache(),
    })
    const paths = Array.from({ length: 40 }, (_, i) => `/section-${i}`)
    const url = `/__manifest?paths=${encodeURIComponent(paths.join(','))}&version=test`
    const plain = await server.inject({ method: 'GET', url })
    expect(plain.statusCode).toBe(200)
    expect(plain.body.length).toBeGreaterThan(1024)
    expect(plain.headers['content-encoding']).toBeUndefined()
    const manifest = JSON.parse(plain.body) as Record<string, unknown>
    expect(manifest).toHaveProperty('routes/section-39')
    for (const [accepted, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const answer = await server.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': accepted },
      })
      expect(answer.headers['content-encoding']).toBe(encoding)
      expect(answer.headers.vary).toBe('Accept-Encoding')
      expect(answer.rawPayload.length).toBeLessThan(plain.body.length / 2)
      expect(JSON.parse(decode(answer.rawPayload).toString('utf8'))).toEqual(
        manifest,
      )
    }
    await server.close()
  })

  it('answers a page asked for again with a smaller copy once it is made, the same page', async () => {
    const list = Array.from(
      { length: 300 },
      (_, i) =>
        `<li><a href="/index/newDetail?id=${i}">第${i}号水利工程施工招标公告（${(i * 7919) % 1000}标段）</a></li>`,
    ).join('')
    const html = `<!DOCTYPE html><html lang="zh-CN"><head><title>通知公告</title></head><body><ul>${list}</ul></body></html>`
    const server = Fastify()
    await server.register(pageRoutes, {
      build: oneDocumentBuild(
        (_request: Request, status: number, headers: Headers) => {
          headers.set('Content-Type', 'text/html; charset=utf-8')
          return new Response(html, { status, headers })
        },
      ),
      api: {} as PortalApi,
      clientConfig: async () => ({}) as ClientConfig,
      cache: createPageCache(),
    })
    const ask = async () => {
      const answer = await server.inject({
        method: 'GET',
        url: '/',
        headers: { 'accept-encoding': 'gzip, br' },
      })
      expect(answer.headers['content-encoding']).toBe('br')
      expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(html)
      return answer.rawPayload.length
    }
    const rendered = await ask()
    // The second asks from the cache: same bytes, while the smaller copy is made.
    expect(await ask()).toBe(rendered)
    await expect.poll(ask).toBeLessThan(rendered * 0.9)
    await server.close()
  })

  it('never caches the staff console and tells browsers, proxies and search engines so', async () => {
    const build = oneRouteBuild()
    let renders = 0
    const entry = build.entry.module.default
    build.entry.module = {
      ...build.entry.module,
      default: (...args: Parameters<typeof entry>) => {
        renders++
        return entry(...args)
      },
    }
    for (const path of ['admin', 'administration']) {
      const id = `routes/${path}`
      build.routes[id] = {
        id,
        parentId: 'root',
        path,
        module: { default: () => null },
      } as ServerBuild['routes'][string]
      build.assets.routes[id] = {
        ...build.assets.routes.root!,
        id,
        parentId: 'root',
        path,
        module: `/assets/${path}.js`,
      }
    }
    const cache = createPageCache()
    const server = Fastify()
    await server.register(pageRoutes, {
      build,
      api: {} as PortalApi,
      clientConfig: async () => ({}) as ClientConfig,
      cache,
    })
    for (let i = 1; i <= 2; i++) {
      const page = await server.inject({ method: 'GET', url: '/admin' })
      expect(page.statusCode).toBe(200)
      expect(page.headers['cache-control']).toBe('no-store')
      expect(page.headers['x-robots-tag']).toBe('noindex')
      expect(page.headers['content-security-policy']).toContain("'sha256-")
      expect(renders).toBe(i)
    }
    expect(cache.size).toBe(0)
    // A public page whose path merely starts alike is cached as every public page.
    const other = await server.inject({ method: 'GET', url: '/administration' })
    expect(other.headers['cache-control']).toBe('no-cache')
    expect(other.headers['x-robots-tag']).toBeUndefined()
    expect(cache.size).toBe(1)
    await server.close()
  })
})
