import type { AddressInfo } from 'node:net'

import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'

import { testConfig } from '#tests/app-config.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { buildTestApp } from '#tests/test-app.ts'

import { createPortalApiService } from './portal-api-service.ts'
import { withRemoteFooterLinks } from './remote-link-api.ts'

let linkService: FastifyInstance
let remote: TestDatabase
let local: TestDatabase
const config = testConfig('')

beforeAll(async () => {
  remote = await createTestDatabase('sqlite')
  local = await createTestDatabase('sqlite')
  await remote.db
    .insertInto('footerLink')
    .values({
      type: 4,
      title: '链接服务独有的网站',
      address: 'https://links.example.gov.cn/',
      sort: 99,
    })
    .execute()
  linkService = await buildTestApp(remote)
  await linkService.listen({ host: '127.0.0.1', port: 0 })
})
afterAll(async () => {
  await linkService?.close()
  await remote?.destroy()
  await local?.destroy()
})

it('reads the footer links from the link service named by LINK_API_BASE', async () => {
  const address = linkService.server.address() as AddressInfo
  const api = withRemoteFooterLinks(createPortalApiService(local.db), {
    linkApiBase: `http://127.0.0.1:${address.port}/JdPortalApi`,
    secret: config.portalApiSecret,
    aesKey: config.portalAesKey,
  })
  const group = await api.footerLinks({ platformType: 'jd', type: 4 })
  expect(group.children.map((c) => c.TITLE)).toContain('链接服务独有的网站')
  const localGroup = await createPortalApiService(local.db).footerLinks({
    platformType: 'jd',
    type: 4,
  })
  expect(localGroup.children.map((c) => c.TITLE)).not.toContain(
    '链接服务独有的网站',
  )
})

it('keeps the in-process links when LINK_API_BASE is this portal', () => {
  const api = createPortalApiService(local.db)
  const same = withRemoteFooterLinks(api, {
    linkApiBase: '/JdPortalApi',
    secret: 's',
    aesKey: 'aes-key-16-bytes',
  })
  expect(same).toBe(api)
})
