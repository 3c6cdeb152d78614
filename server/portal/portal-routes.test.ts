import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  MSG_BAD_REQUEST_BODY,
  MSG_HEADER_MISSING,
  MSG_INTERNAL_ERROR,
  MSG_NOT_FOUND,
  MSG_SIGN_INVALID,
  MSG_TS_INVALID,
} from '#common/messages.ts'
import type { PortalApi } from '#common/portal-api.ts'
import { portalSign } from '#common/protocol/portal-sign.ts'
import type {
  ArticleDetail,
  ArticleSummary,
  DownloadItem,
} from '#common/schemas/article.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { decryptWithNode } from '#tests/decrypt-with-node.ts'
import { fakeBusinessApi } from '#tests/business-fixtures.ts'
import { fakeComplaintApi } from '#tests/complaint-fixtures.ts'
import { fakeCreditApi } from '#tests/credit-fixtures.ts'
import { fakeSupervisionApi } from '#tests/supervision-fixtures.ts'

import { portalRoutes } from './portal-routes.ts'

const secret = 'test-portal-secret'
const aesKey = '0123456789abcdef'

const summary: ArticleSummary = {
  id: 7,
  title: '关于开展水利工程招标投标专项检查的通知',
  summary: '各有关单位：',
  source: '自治区水利厅',
  categoryId: 1073,
  categoryName: '通知公告',
  publishTime: '2025-03-01 09:30:00',
  cover: null,
  hasAttachment: true,
}
const { hasAttachment: _, ...summaryFields } = summary
const detail: ArticleDetail = {
  ...summaryFields,
  content: '<p>各有关单位：</p>',
  author: '办公室',
  views: 12,
  files: [],
  prev: null,
  next: { id: 8, title: '下一篇' },
}

const download: DownloadItem = {
  id: 9,
  title: '水利工程建设项目招标投标投诉书（范本）',
  summary: '网上投诉前可下载参照填写',
  source: '自治区水利厅建设与管理处',
  publishTime: '2025-03-02 10:00:00',
  files: [
    {
      id: 'f1',
      name: '投诉书（范本）.docx',
      url: '/files/f1/%E6%8A%95.docx',
      size: 9876,
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    },
  ],
}

const received: Record<string, unknown>[] = []
const api: PortalApi = {
  rotationData: async () => [
    {
      id: 7,
      title: summary.title,
      cover: '/files/1/a.jpg',
      publishTime: summary.publishTime,
    },
  ],
  articlePageList: async (query) => {
    received.push(query)
    // An unlisted field must not reach the client.
    return {
      Table: [{ ...summary, internalNote: '内部' } as ArticleSummary],
      Total: 31,
    }
  },
  downloadPageList: async (query) => {
    received.push(query)
    return {
      Table: [
        {
          ...download,
          files: [{ ...download.files[0]!, storageKey: 'ab/cd' } as never],
        },
      ],
      Total: 1,
    }
  },
  articleDetail: async (query) => {
    if (query.id === 8) throw new Refusal(409, '该文章正在修订，请稍后再看')
    return query.id === 7 ? detail : null
  },
  sysDic: async (query) => {
    if (query.type === 'explode')
      throw new Error('database at /var/lib/portal.db is locked')
    return { Table: [{ Label: '招标人', Value: '1' }] }
  },
  homeLinks: async () => [
    { id: 1, title: '全国公共资源交易平台', url: 'https://www.ggzy.gov.cn' },
  ],
  footerLinks: async (query) => ({
    type: query.type,
    children: [{ ADDRESS: 'https://mwr.gov.cn', TITLE: '水利部' }],
  }),
  ...fakeBusinessApi(received),
  searchPageList: async () => ({ Table: [], Total: 0, totalCapped: false }),
  ...fakeComplaintApi(),
  ...fakeCreditApi(),
  ...fakeSupervisionApi(),
}

let app: FastifyInstance
beforeAll(async () => {
  app = Fastify()
  await app.register(portalRoutes, {
    prefix: '/JdPortalApi',
    api,
    secret,
    aesKey,
  })
  await app.ready()
})
afterAll(() => app.close())

async function post(
  path: string,
  params: Record<string, unknown>,
  tamper?: Record<string, unknown>,
) {
  const body = { ts: Date.now(), ...params }
  const sign = await portalSign(body, secret)
  return app.inject({
    method: 'POST',
    url: `/JdPortalApi${path}`,
    headers: { 'x-sign': sign },
    payload: { ...body, ...tamper },
  })
}

async function expectServed() {
  const response = await post('/Home/Link', {})
  expect(response.statusCode).toBe(200)
  expect(decryptWithNode(response.json().Data, aesKey)).toEqual(
    await api.homeLinks(),
  )
}

describe('Portal API', () => {
  it('answers a signed PageList with the encrypted page, without createTime, stype or unlisted fields', async () => {
    const response = await post('/Article/PageList', {
      pageNo: 2,
      pageSize: 10,
      ctype: '1073,1001',
      createTime: ['2025-01-01', '2025-02-01'],
      stype: 1,
    })
    expect(response.statusCode).toBe(200)
    const envelope = response.json()
    expect(envelope).toMatchObject({ State: 200, Msg: '' })
    expect(decryptWithNode(envelope.Data, aesKey)).toEqual({
      Table: [summary],
      Total: 31,
    })
    expect(received.at(-1)).toEqual({
      pageNo: 2,
      pageSize: 10,
      ctype: '1073,1001',
      ptype: 'jd',
    })
  })

  it('answers GET with the parameters in the query', async () => {
    const ts = Date.now()
    const sign = await portalSign(
      { type: 'complaint_role', ts: String(ts) },
      secret,
    )
    const response = await app.inject({
      method: 'GET',
      url: `/JdPortalApi/Common/SysDic?type=complaint_role&ts=${ts}`,
      headers: { 'x-sign': sign },
    })
    expect(response.statusCode).toBe(200)
    expect(decryptWithNode(response.json().Data, aesKey)).toEqual({
      Table: [{ Label: '招标人', Value: '1' }],
    })
  })

  it('answers an article, the rotation, footer links and home links', async () => {
    expect(
      decryptWithNode(
        (await post('/Article/Detail', { id: 7 })).json().Data,
        aesKey,
      ),
    ).toEqual(detail)
    expect(
      decryptWithNode(
        (await post('/Article/RotationData', {})).json().Data,
        aesKey,
      ),
    ).toEqual(await api.rotationData({ ptype: 'jd', size: 5 }))
    const links = await post('/linkConfiguration/SearchByPlatformType', {
      type: 6,
    })
    expect(decryptWithNode(links.json().Data, aesKey)).toMatchObject({
      type: 6,
    })
    await expectServed()
  })

  it('answers the download centre with each file’s size and type, and nothing of its storage', async () => {
    const response = await post('/Article/DownloadList', { pageNo: 1 })
    expect(response.statusCode).toBe(200)
    expect(decryptWithNode(response.json().Data, aesKey)).toEqual({
      Table: [download],
      Total: 1,
    })
    expect(received.at(-1)).toEqual({ pageNo: 1, pageSize: 10, ptype: 'jd' })
    const refused = await post('/Article/DownloadList', { pageSize: 500 })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().State).toBe(400)
  })

  it('answers a missing article with State 404 and HTTP 404', async () => {
    const response = await post('/Article/Detail', { id: 999 })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ State: 404, Msg: MSG_NOT_FOUND })
  })

  it('hides the details of a failure inside the service', async () => {
    const response = await post('/Common/SysDic', { type: 'explode' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ State: 500, Msg: MSG_INTERNAL_ERROR })
    expect(response.body).not.toContain('portal.db')
    await expectServed()
  })
})

describe('Portal API refusals', () => {
  const url = '/JdPortalApi/Article/PageList'
  const refusals: [
    string,
    () => Promise<{ statusCode: number; json(): unknown }>,
    string,
  ][] = [
    [
      'a wrong sign',
      async () =>
        app.inject({
          method: 'POST',
          url,
          headers: { 'x-sign': 'f'.repeat(64) },
          payload: { ts: Date.now() },
        }),
      MSG_SIGN_INVALID,
    ],
    [
      'a missing X-Sign',
      async () =>
        app.inject({ method: 'POST', url, payload: { ts: Date.now() } }),
      MSG_HEADER_MISSING,
    ],
    [
      'a ts more than 300 s old',
      async () => post('/Article/PageList', { ts: Date.now() - 301_000 }),
      MSG_TS_INVALID,
    ],
    [
      'a ts more than 300 s ahead',
      async () => post('/Article/PageList', { ts: Date.now() + 301_000 }),
      MSG_TS_INVALID,
    ],
    [
      'a missing ts',
      async () => post('/Article/PageList', { ts: undefined }),
      MSG_TS_INVALID,
    ],
    [
      'a ts that is not a number',
      async () => post('/Article/PageList', { ts: 'yesterday' }),
      MSG_TS_INVALID,
    ],
    [
      'a ts sent as text in a JSON body (it is a number there)',
      async () => post('/Article/PageList', { ts: String(Date.now()) }),
      MSG_TS_INVALID,
    ],
    [
      'a ts with a fraction',
      async () => post('/Article/PageList', { ts: Date.now() + 0.5 }),
      MSG_TS_INVALID,
    ],
    [
      'a body changed after signing',
      async () => post('/Article/PageList', { pageNo: 1 }, { pageNo: 2 }),
      MSG_SIGN_INVALID,
    ],
    [
      'a field added after signing',
      async () => post('/Article/PageList', {}, { keyword: '水利' }),
      MSG_SIGN_INVALID,
    ],
    [
      'a body that is not JSON',
      async () =>
        app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: '{"ts":',
        }),
      MSG_BAD_REQUEST_BODY,
    ],
    [
      'a body that is a JSON array',
      async () => app.inject({ method: 'POST', url, payload: [1, 2] }),
      MSG_BAD_REQUEST_BODY,
    ],
  ]

  it.each(refusals)(
    'refuses %s with HTTP 400 and keeps serving',
    async (_name, send, message) => {
      const response = await send()
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ State: 400, Msg: message })
      await expectServed()
    },
  )

  it('refuses an invalid pageNo with a Chinese reason naming the field', async () => {
    const response = await post('/Article/PageList', { pageNo: 0 })
    expect(response.statusCode).toBe(400)
    const body = response.json()
    expect(body.State).toBe(400)
    expect(body.Msg).toMatch(/^pageNo：.*[\u4e00-\u9fff]/)
    await expectServed()
  })

  it('refuses an invalid parameter sent by GET the same way', async () => {
    const ts = Date.now()
    const sign = await portalSign({ pageNo: '0', ts: String(ts) }, secret)
    const response = await app.inject({
      method: 'GET',
      url: `/JdPortalApi/Article/PageList?pageNo=0&ts=${ts}`,
      headers: { 'x-sign': sign },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().Msg).toMatch(/^pageNo：.*[\u4e00-\u9fff]/)
  })

  it("answers a service's refusal with its status and message", async () => {
    const response = await post('/Article/Detail', { id: 8 })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      State: 409,
      Msg: '该文章正在修订，请稍后再看',
    })
  })

  it('answers a body of a media type it does not read in Chinese', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/JdPortalApi/Article/PageList',
      headers: { 'content-type': 'application/xml' },
      payload: '<pageNo>1</pageNo>',
    })
    expect(response.statusCode).toBe(415)
    expect(response.json()).toEqual({ State: 415, Msg: MSG_BAD_REQUEST_BODY })
  })

  it('refuses a time filter in the wrong format with the schema message', async () => {
    const response = await post('/Article/PageList', {
      startTime: '2025/01/01',
    })
    expect(response.json()).toEqual({
      State: 400,
      Msg: 'startTime：时间格式应为 YYYY-MM-DD HH:mm:ss',
    })
  })
})

describe('portalRoutes', () => {
  it('refuses to start with an AES key that is not 16 bytes', async () => {
    const broken = Fastify()
    broken.register(portalRoutes, {
      prefix: '/JdPortalApi',
      api,
      secret,
      aesKey: 'short',
    })
    await expect(broken.ready()).rejects.toThrow(/16 bytes/)
    await broken.close()
  })
})
