import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { MSG_INTERNAL_ERROR, MSG_SIGN_INVALID } from '#common/messages.ts'
import type { PortalApi } from '#common/portal-api.ts'
import { encryptPortalData } from '#common/protocol/portal-envelope.ts'
import type {
  ArticleDetail,
  ArticleSummary,
  DownloadItem,
} from '#common/schemas/article.ts'
// eslint-disable-next-line import-x/no-restricted-paths -- contract test: runs this Node-only test against the real server protocol; tests are never bundled into app/
import { portalRoutes } from '#server/portal/portal-routes.ts'
import {
  fakeBusinessApi,
  linkageDetail,
  projectDetail,
  projectSummary,
} from '#tests/business-fixtures.ts'
import { fakeComplaintApi } from '#tests/complaint-fixtures.ts'
import { fakeCreditApi } from '#tests/credit-fixtures.ts'
import { fakeSupervisionApi } from '#tests/supervision-fixtures.ts'
import type { ApiFeedback } from './api-feedback.ts'
import { createPortalHttpClient } from './portal-http-client.ts'

const secret = 'client-test-secret'
const aesKey = 'abcdef0123456789'

const summary: ArticleSummary = {
  id: 7,
  title: '关于开展水利工程招标投标专项检查的通知',
  summary: '各有关单位',
  source: '自治区水利厅',
  categoryId: 1073,
  categoryName: '通知公告',
  publishTime: '2025-03-01 09:30:00',
  cover: null,
  hasAttachment: false,
}
const { hasAttachment: _, ...detailFields } = summary
const detail: ArticleDetail = {
  ...detailFields,
  content: '<p>正文</p>',
  author: '办公室',
  views: 3,
  files: [],
  prev: null,
  next: null,
}

const download: DownloadItem = {
  id: 9,
  title: '投诉书（范本）',
  summary: '网上投诉前可下载参照填写',
  source: '自治区水利厅',
  publishTime: '2025-03-02 10:00:00',
  files: [
    {
      id: 'f1',
      name: '投诉书（范本）.docx',
      url: '/files/f1/x.docx',
      size: 9876,
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    },
  ],
}

const footer = {
  type: 1,
  children: [{ ADDRESS: 'https://www.mwr.gov.cn', TITLE: '水利部' }],
}
const api: PortalApi = {
  rotationData: async () => [],
  articlePageList: async (query) => ({
    Table: [{ ...summary, title: `第${query.pageNo}页` }],
    Total: 21,
  }),
  articleDetail: async (query) => (query.id === 7 ? detail : null),
  downloadPageList: async (query) => ({
    Table: query.pageNo === 1 ? [download] : [],
    Total: 1,
  }),
  sysDic: async (query) => {
    if (query.type === 'explode') throw new Error('disk full')
    return { Table: [{ Label: '招标人', Value: '1' }] }
  },
  homeLinks: async () => [
    { id: 1, title: '全国公共资源交易平台', url: 'https://www.ggzy.gov.cn' },
  ],
  footerLinks: async () => {
    throw new Error('footer links live on the link API')
  },
  ...fakeBusinessApi(),
  searchPageList: async () => ({ Table: [], Total: 0, totalCapped: false }),
  ...fakeComplaintApi(),
  ...fakeCreditApi(),
  ...fakeSupervisionApi(),
}

const sentBodies: { url: string; body: unknown }[] = []
let app: FastifyInstance
let origin: string

beforeAll(async () => {
  app = Fastify()
  // The body as the client sent it: before the route's schema validates (and strips) it.
  app.addHook('preValidation', async (request) => {
    sentBodies.push({ url: request.url, body: request.body })
  })
  await app.register(portalRoutes, {
    prefix: '/JdPortalApi',
    api,
    secret,
    aesKey,
  })
  await app.register(portalRoutes, {
    prefix: '/LinkApi',
    api: {
      ...api,
      footerLinks: async (query) => ({ ...footer, type: query.type }),
    },
    secret,
    aesKey,
  })
  // An older backend: lower-case state names, list/total pages, and its auth failures.
  await app.register(
    async (legacy) => {
      legacy.post('/Article/PageList', async () => ({
        statusCode: 200,
        Data: await encryptPortalData({ list: [summary], total: 3 }, aesKey),
      }))
      legacy.post('/Home/Link', async () => ({ state: 500 }))
      legacy.post('/Common/SysDic', async () => ({
        State: 403,
        Msg: '登录超时',
      }))
      legacy.post('/Article/Detail', async () => ({
        State: 408,
        Msg: '登录已失效',
      }))
      legacy.post('/Article/RotationData', async (_request, reply) =>
        reply.code(401).send('Unauthorized'),
      )
    },
    { prefix: '/legacy' },
  )
  origin = await app.listen({ host: '127.0.0.1', port: 0 })
})
afterAll(() => app.close())

let toasts: string[]
let logouts: number
const feedback: ApiFeedback = {
  error: (message) => toasts.push(message),
  logout: () => logouts++,
}
beforeEach(() => {
  toasts = []
  logouts = 0
  sentBodies.length = 0
})

const client = (base = '/JdPortalApi', overrides: { secret?: string } = {}) =>
  createPortalHttpClient(
    {
      base: origin + base,
      linkApiBase: `${origin}/LinkApi`,
      secret: overrides.secret ?? secret,
      aesKey,
    },
    feedback,
    fetch,
  )

describe('Portal HTTP client against the Portal API', () => {
  it('reads a page of articles, sending ptype jd and neither createTime nor stype', async () => {
    const query = {
      pageNo: 3,
      pageSize: 10,
      ptype: '',
      createTime: ['2025-01-01'],
      stype: 2,
    }
    const page = await client().articlePageList(query as never)
    expect(page).toEqual({ Table: [{ ...summary, title: '第3页' }], Total: 21 })
    const sent = sentBodies[0]?.body as Record<string, unknown>
    expect(sent).toMatchObject({ pageNo: 3, pageSize: 10, ptype: 'jd' })
    expect(sent).not.toHaveProperty('createTime')
    expect(sent).not.toHaveProperty('stype')
    expect(typeof sent.ts).toBe('number')
    expect(toasts).toEqual([])
  })

  it('reads an article, and null without a toast when it does not exist', async () => {
    expect(await client().articleDetail({ id: 7, ptype: 'jd' })).toEqual(detail)
    expect(await client().articleDetail({ id: 404, ptype: 'jd' })).toBeNull()
    expect(toasts).toEqual([])
  })

  it('reads a page of the download centre with its files, sending ptype jd', async () => {
    expect(
      await client().downloadPageList({ pageNo: 1, pageSize: 10, ptype: '' }),
    ).toEqual({ Table: [download], Total: 1 })
    expect(sentBodies[0]?.url).toBe('/JdPortalApi/Article/DownloadList')
    expect(sentBodies[0]?.body).toMatchObject({ pageNo: 1, ptype: 'jd' })
  })

  it('asks for the project type tree with a body of ts alone, without createTime', async () => {
    const tree = await client().projectTypeTree()
    expect(tree[0]).toMatchObject({ label: '工程建设', value: '1' })
    expect(sentBodies[0]?.url).toBe(
      '/JdPortalApi/Project/JdPortalProjectTypeTree',
    )
    expect(Object.keys(sentBodies[0]?.body as object)).toEqual(['ts'])
  })

  it('reads a page of projects, a project and a linkage record; null without a toast when missing', async () => {
    const page = await client().projectPageList({
      pageNo: 2,
      pageSize: 10,
      category: 1,
      timePreset: '7d',
    })
    expect(page).toEqual({ Table: [projectSummary], Total: 41 })
    expect(sentBodies[0]?.body).toMatchObject({
      pageNo: 2,
      category: 1,
      timePreset: '7d',
    })
    expect(await client().projectDetail({ id: 3 })).toEqual(projectDetail)
    expect(await client().projectDetail({ id: 4 })).toBeNull()
    expect(await client().linkageDetail({ id: 5 })).toEqual(linkageDetail)
    expect(await client().linkageDetail({ id: 6 })).toBeNull()
    expect(toasts).toEqual([])
  })

  it('reads the public complaint figures, naming no member of staff', async () => {
    const figures = await client().complaintFigures({
      year: 2025,
      period: 'quarter',
    })
    expect(figures.byPeriod.map((p) => p.label)).toEqual(['2025年第四季度'])
    expect(figures.total.decisionOnTimeShare).toBe(1)
    expect(figures).not.toHaveProperty('byAssignee')
  })

  it('reads 监督统计 by quarter, with nothing the answer schema does not list', async () => {
    const statistics = await client().supervisionStatistics({
      year: 2026,
      quarter: 4,
    })
    expect(statistics.label).toBe('2026年第4季度')
    expect(statistics.rows.map((row) => row.categoryName)).toEqual([
      '工程建设',
      '政府采购',
    ])
    // The fake adds a tenderer to each row: no company leaves the server.
    expect(statistics.rows[0]).not.toHaveProperty('tenderer')
    expect(sentBodies.at(-1)).toMatchObject({
      url: '/JdPortalApi/Supervision/Statistics',
      body: { year: 2026, quarter: 4 },
    })
  })

  it('asks the link API for footer links', async () => {
    expect(await client().footerLinks({ platformType: 'jd', type: 6 })).toEqual(
      { ...footer, type: 6 },
    )
    expect(sentBodies[0]?.url).toBe(
      '/LinkApi/linkConfiguration/SearchByPlatformType',
    )
  })

  it('reads the dictionary and home links', async () => {
    expect(await client().sysDic({ type: 'complaint_role' })).toEqual({
      Table: [{ Label: '招标人', Value: '1' }],
    })
    expect(await client().homeLinks()).toHaveLength(1)
  })

  it('shows the server message and rejects when the service fails', async () => {
    await expect(client().sysDic({ type: 'explode' })).rejects.toMatchObject({
      state: 500,
    })
    expect(toasts).toEqual([MSG_INTERNAL_ERROR])
    expect(logouts).toBe(0)
  })

  it('shows the refusal when the client signs with another secret', async () => {
    await expect(
      client('/JdPortalApi', { secret: 'wrong' }).homeLinks(),
    ).rejects.toThrow(MSG_SIGN_INVALID)
    expect(toasts).toEqual([MSG_SIGN_INVALID])
  })
})

describe('Portal HTTP client against an older backend', () => {
  it('accepts statusCode 200 and a list/total page', async () => {
    const page = await client('/legacy').articlePageList({
      pageNo: 1,
      pageSize: 10,
      ptype: 'jd',
    })
    expect(page).toEqual({ Table: [summary], Total: 3 })
  })

  it('shows "error" when a failure has no message', async () => {
    await expect(client('/legacy').homeLinks()).rejects.toThrow('error')
    expect(toasts).toEqual(['error'])
  })

  it('logs out on service code 403 and 408 without a toast', async () => {
    await expect(client('/legacy').sysDic({ type: 'x' })).rejects.toMatchObject(
      { state: 403 },
    )
    await expect(
      client('/legacy').articleDetail({ id: 1, ptype: 'jd' }),
    ).rejects.toMatchObject({ state: 408 })
    expect(logouts).toBe(2)
    expect(toasts).toEqual([])
  })

  it('logs out on HTTP 401', async () => {
    await expect(
      client('/legacy').rotationData({ ptype: 'jd', size: 5 }),
    ).rejects.toMatchObject({ state: 401 })
    expect(logouts).toBe(1)
  })
})

describe('Portal HTTP client without a server', () => {
  it('shows the transport error message and rejects', async () => {
    const closed = createPortalHttpClient(
      {
        base: 'http://127.0.0.1:1/JdPortalApi',
        linkApiBase: 'http://127.0.0.1:1',
        secret,
        aesKey,
      },
      feedback,
      fetch,
    )
    await expect(closed.homeLinks()).rejects.toThrow('fetch failed')
    expect(toasts).toEqual(['fetch failed'])
  })
})
