import Database from 'better-sqlite3'
import Fastify from 'fastify'

import { PROJECT_SORT_FIELDS } from '#common/constants/trade.ts'

import { type ArticleListParams } from './baseline-article-queries.ts'
import { type ProjectListParams } from './baseline-project-queries.ts'
import { createBaselineQueries } from './baseline-queries.ts'

// No validation, signing, encryption, React or caching: what the same data costs at the least.
//   node bench/baseline-server.ts <portal.db> <port>
const [dbPath, port] = [process.argv[2]!, Number(process.argv[3])]
const db = new Database(dbPath)
db.pragma('journal_mode = WAL')
db.pragma('synchronous = NORMAL')
db.pragma('busy_timeout = 5000')
const queries = createBaselineQueries(db)
const PAGE_SIZE = 10

type Query = Record<string, string | undefined>

const escape = (s: string) =>
  s.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!,
  )
const pageNo = (q: Query) => Number(q.pageNo ?? 1) || 1
const number = (value: string | undefined) =>
  value === undefined || value === '' ? undefined : Number(value)

const articleParams = (q: Query): ArticleListParams => ({
  ctype: q.ctype,
  keyword: q.keyword,
  startTime: q.startTime,
  endTime: q.endTime,
  pageNo: pageNo(q),
  pageSize: PAGE_SIZE,
})
const projectParams = (q: Query): ProjectListParams => ({
  sort: PROJECT_SORT_FIELDS.find((field) => field === q.sort),
  order: q.order as ProjectListParams['order'],
  category: number(q.category),
  subType: number(q.subType),
  stage: q.stage || undefined,
  region: q.region || undefined,
  keyword: q.keyword,
  startTime: q.startTime,
  endTime: q.endTime,
  pageNo: pageNo(q),
  pageSize: PAGE_SIZE,
})
const searchParams = (q: Query) => ({
  keyword: q.keyword ?? '',
  pageNo: pageNo(q),
  pageSize: PAGE_SIZE,
})

function document(title: string, body: string) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body>${body}</body></html>`
}

function listHtml(
  title: string,
  items: string[],
  total: number,
  page: number,
): string {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))
  return document(
    title,
    `<h1>${escape(title)}</h1><ul>${items.join('')}</ul><p>共 ${total} 条，第 ${page} / ${pages} 页</p>`,
  )
}

const app = Fastify({ logger: false })
const html = 'text/html; charset=utf-8'

// Page 1 of 全部 (notices and industry news): what the cached paths are compared with.
const FIRST_PAGE: Query = { ctype: '1073,1001' }
app.get('/baseline/json', async () => {
  const { rows, total } = queries.articlePage(articleParams(FIRST_PAGE))
  return { Table: rows, Total: total }
})
app.get<{ Querystring: Query }>('/baseline/newList.json', async (request) => {
  const { rows, total } = queries.articlePage(articleParams(request.query))
  return { Table: rows, Total: total }
})

function articleListPage(q: Query) {
  const { rows, total } = queries.articlePage(articleParams(q))
  const items = rows.map(
    (r) =>
      `<li><a href="/index/newDetail?id=${r.id}">${escape(r.title)}</a><p>${escape(r.summary)}</p><span>${r.publishTime}</span></li>`,
  )
  return listHtml('新闻列表', items, total, pageNo(q))
}
app.get('/baseline/html', async (_request, reply) =>
  reply.type(html).send(articleListPage(FIRST_PAGE)),
)
app.get<{ Querystring: Query }>('/baseline/newList', async (request, reply) =>
  reply.type(html).send(articleListPage(request.query)),
)

app.get<{ Querystring: Query }>('/baseline/article', async (request, reply) => {
  const found = queries.articleDetail(Number(request.query.id))
  if (!found) return reply.code(404).send('not found')
  const { article, files, prev, next } = found
  const link = (label: string, item?: { id: number; title: string }) =>
    item
      ? `<p>${label}：<a href="/index/newDetail?id=${item.id}">${escape(item.title)}</a></p>`
      : ''
  return reply
    .type(html)
    .send(
      document(
        article.title,
        `<article><h1>${escape(article.title)}</h1><p>${article.publishTime} ${escape(article.source)} 浏览 ${article.views}</p>${article.content}</article><ul>${files.map((f) => `<li>${escape(f.name)}</li>`).join('')}</ul>${link('上一篇', prev)}${link('下一篇', next)}`,
      ),
    )
})

app.get<{ Querystring: Query }>(
  '/baseline/businessList',
  async (request, reply) => {
    const q = request.query
    const { rows, total } = queries.projectPage(projectParams(q))
    const items = rows.map(
      (r) =>
        `<li><a href="/business/detail?id=${r.id}">${escape(r.name)}</a><p>${escape(r.title)}</p><span>${r.publishTime}</span></li>`,
    )
    return reply.type(html).send(listHtml('交易列表', items, total, pageNo(q)))
  },
)

app.get<{ Querystring: Query }>('/baseline/search', async (request, reply) => {
  const q = request.query
  const { rows, total } = queries.searchPage(searchParams(q))
  const items = rows.map(
    (r) =>
      `<li><h3>${escape(r.title)}</h3><p>${escape(r.body.slice(0, 120))}</p><span>${r.publishTime}</span></li>`,
  )
  return reply.type(html).send(listHtml('站内搜索', items, total, pageNo(q)))
})
app.get<{ Querystring: Query }>('/baseline/search.json', async (request) => {
  const { rows, total } = queries.searchPage(searchParams(request.query))
  return {
    Table: rows.map((r) => ({ ...r, body: r.body.slice(0, 120) })),
    Total: total,
  }
})

await app.listen({ host: '127.0.0.1', port })
