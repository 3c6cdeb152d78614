import Database from 'better-sqlite3'
import Fastify from 'fastify'

/**
 * The two minimal baselines the portal is measured against: a bare Fastify + SQLite route
 * returning the same page of 10 as plain JSON, and the same page (and an article) rendered as
 * hand-written HTML. No validation, signing, encryption, React or caching.
 */
const [dbPath, port] = [process.argv[2]!, Number(process.argv[3])]
const db = new Database(dbPath, { readonly: true })
const pageQuery =
  db.prepare(`select id, title, summary, source, category_id as categoryId,
  publish_time as publishTime from article where is_published = 1 and category_id in (1073, 1001)
  order by publish_time desc, id desc limit 10 offset 0`)
const countQuery = db.prepare(
  'select count(*) as total from article where is_published = 1 and category_id in (1073, 1001)',
)
const articleQuery = db.prepare(
  'select id, title, content, source, publish_time from article where id = ?',
)

type Row = {
  id: number
  title: string
  summary: string
  source: string
  publishTime: string
}
const escape = (s: string) =>
  s.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!,
  )

const app = Fastify({ logger: false })
app.get('/baseline/json', async () => ({
  Table: pageQuery.all() as Row[],
  Total: (countQuery.get() as { total: number }).total,
}))
app.get('/baseline/html', async (_request, reply) => {
  const rows = pageQuery.all() as Row[]
  const total = (countQuery.get() as { total: number }).total
  const items = rows
    .map(
      (r) =>
        `<li><a href="/index/newDetail?id=${r.id}">${escape(r.title)}</a><p>${escape(r.summary)}</p><span>${r.publishTime}</span></li>`,
    )
    .join('')
  return reply
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>新闻列表</title></head><body><ul>${items}</ul><p>共 ${total} 条</p></body></html>`,
    )
})
app.get<{ Querystring: { id: string } }>(
  '/baseline/article',
  async (request, reply) => {
    const row = articleQuery.get(Number(request.query.id)) as
      | { title: string; content: string; source: string; publish_time: string }
      | undefined
    if (!row) return reply.code(404).send('not found')
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escape(row.title)}</title></head><body><article><h1>${escape(row.title)}</h1><p>${row.publish_time} ${escape(row.source)}</p>${row.content}</article></body></html>`,
      )
  },
)
await app.listen({ host: '127.0.0.1', port })
