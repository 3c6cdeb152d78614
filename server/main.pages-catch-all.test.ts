import { readFile } from 'node:fs/promises'
import path from 'node:path'

import type { FastifyInstance } from 'fastify'
import { redirect, type ServerBuild } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MSG_NOT_FOUND } from '#common/messages.ts'
import { OCDS_ERRORS } from '#common/schemas/ocds.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { oneDocumentBuild } from '#tests/server-build.ts'
import { buildTestApp } from '#tests/test-app.ts'

// The browser build's folder holds what public/ holds (Vite copies it there).
const PUBLIC_DIR = path.join(import.meta.dirname, '..', 'public')

/** Pages as the app's route table answers them: the front page, and anything else sent to it. */
function pagesSendingUnknownToRoot(): ServerBuild {
  const build = oneDocumentBuild((_request, status, headers) => {
    headers.set('content-type', 'text/html; charset=utf-8')
    return new Response('<!DOCTYPE html><title>首页</title>', {
      status,
      headers,
    })
  })
  const catchAll = { id: 'catch-all', parentId: 'root', path: '*' }
  build.routes[catchAll.id] = {
    ...catchAll,
    module: { loader: () => redirect('/'), default: () => null },
  } as unknown as ServerBuild['routes'][string]
  build.assets.routes[catchAll.id] = {
    ...build.assets.routes.root!,
    ...catchAll,
    module: '/assets/catch-all.js',
    hasLoader: true,
  }
  return build
}

describe('addresses the pages’ catch-all must not answer', () => {
  let test: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    test = await createTestDatabase('sqlite', { isEmpty: true })
    app = await buildTestApp(test, {
      pageBuild: pagesSendingUnknownToRoot(),
      clientDir: PUBLIC_DIR,
    })
  })
  afterAll(async () => {
    await app?.close()
    await test?.destroy()
  })

  it('sends an unknown page to the front page (the catch-all these tests stand beside)', async () => {
    const answer = await app.inject({ url: '/no/such/page' })
    expect(answer.statusCode).toBe(302)
    expect(answer.headers.location).toBe('/')
  })

  it('answers any address under /ocds/ that no route serves with the documented JSON 404, open to every origin', async () => {
    for (const url of [
      '/ocds/unknown',
      '/ocds/unknown?page=2',
      '/ocds/releases/extra',
      '/ocds/records/a/b/c',
      '/ocds/bulk/2026.jsonl.gz/more?x=1',
    ])
      for (const method of ['GET', 'HEAD'] as const) {
        const answer = await app.inject({ method, url })
        expect(answer.statusCode, `${method} ${url}`).toBe(404)
        expect(answer.headers['content-type'], url).toContain(
          'application/json',
        )
        expect(answer.headers['access-control-allow-origin'], url).toBe('*')
        if (method === 'GET')
          expect(answer.json(), url).toEqual({
            code: 'not_found',
            message: OCDS_ERRORS.not_found,
          })
      }
    // What the open data does serve is still served.
    expect((await app.inject({ url: '/ocds/' })).statusCode).toBe(200)
  })

  it('serves the icon the pages link at /favicon.ico too, cached long, never sent to the front page', async () => {
    const icon = await readFile(path.join(PUBLIC_DIR, 'favicon.svg'))
    for (const method of ['GET', 'HEAD'] as const) {
      const answer = await app.inject({ method, url: '/favicon.ico' })
      expect(answer.statusCode, method).toBe(200)
      expect(answer.headers['content-type'], method).toContain('image/svg+xml')
      expect(answer.headers['cache-control'], method).toBe(
        'public, max-age=604800',
      )
      if (method === 'GET') expect(answer.rawPayload).toEqual(icon)
    }
  })
})

describe('/favicon.ico without an icon in the build', () => {
  it('answers 404, not the front page', async () => {
    const test = await createTestDatabase('sqlite', { isEmpty: true })
    const app = await buildTestApp(test, {
      pageBuild: pagesSendingUnknownToRoot(),
      clientDir: path.join(PUBLIC_DIR, 'no-such-folder'),
    })
    try {
      const answer = await app.inject({ url: '/favicon.ico' })
      expect(answer.statusCode).toBe(404)
      expect(answer.json()).toEqual({ message: MSG_NOT_FOUND })
    } finally {
      await app.close()
      await test.destroy()
    }
  })
})
