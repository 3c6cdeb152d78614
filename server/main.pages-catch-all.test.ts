import type { FastifyInstance } from 'fastify'
import { redirect, type ServerBuild } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { OCDS_ERRORS } from '#common/schemas/ocds.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { oneDocumentBuild } from '#tests/server-build.ts'
import { buildTestApp } from '#tests/test-app.ts'

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
})
