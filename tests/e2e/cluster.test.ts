import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

import { type Kysely } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ROLE_EDITOR, ROLE_REVIEWER } from '#common/constants/content.ts'
import { type StaffRole } from '#common/constants/staff.ts'
import { FileRecordSchema } from '#common/schemas/file-record.ts'
import { createDatabase } from '#server/db/database.ts'
import { type Database } from '#server/db/schema.ts'
import { createS3FileStorage } from '#server/files/s3-file-storage.ts'
import { portalSignNode } from '#server/portal/server-crypto.ts'
import { createStaffService } from '#server/staff/staff-service.ts'
import { noticeFields } from '#tests/content-test-api.ts'
import { hasTestRedis, TEST_REDIS_URL } from '#tests/redis.ts'
import { startTestS3Server, type TestS3Server } from '#tests/s3-server.ts'
import { multipartBody, pdfDocument } from '#tests/upload-samples.ts'
import { freePort } from '../../scripts/free-port.ts'

const root = path.resolve(import.meta.dirname, '../..')
const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const PORTAL_API_SECRET = 'portal-secret-for-the-cluster-test'
const STAFF_API_TOKEN = randomBytes(24).toString('base64url')

async function isPostgresReachable() {
  const client = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 2000,
  })
  try {
    await client.connect()
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

// The pool's end resolves before its connections have closed: dropped by force at once, the
// server would end one still closing, and that connection's error would have no listener left.
// So without force, once they have closed; by force only if they never do.
async function dropWhenClosed(name: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await admin(`drop database if exists ${name}`)
      return
    } catch {
      await sleep(100)
    }
  }
  await admin(`drop database if exists ${name} with (force)`).catch(() => {})
}

// PostgreSQL, Redis and haproxy are part of CI's environment: there a missing one fails.
const isRunnable =
  process.env.CI === 'true' ||
  (existsSync('/usr/sbin/haproxy') &&
    hasTestRedis &&
    (await isPostgresReachable()))

/**
 * `npm run start:cluster` as an operator runs it: two built portal processes on one fresh
 * PostgreSQL database, one Redis and one S3-compatible bucket, behind haproxy.
 */
describe.runIf(isRunnable)('the portal as a cluster behind haproxy', () => {
  const databaseName = `portal_cluster_${randomBytes(5).toString('hex')}`
  let dataDir: string
  let s3: TestS3Server
  let cluster: ChildProcess
  let output = ''
  let db: Kysely<Database>
  let balancer: string
  /** The processes as the cluster announced them, by name. */
  const portals = new Map<string, { pid: number; url: string }>()

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-cluster-test-'))
    s3 = await startTestS3Server()
    await admin(`create database ${databaseName}`)
    const databaseUrl = new URL(POSTGRES_ADMIN_URL)
    databaseUrl.pathname = `/${databaseName}`
    // A Redis database of its own: counts and stores of other tests stay apart.
    const redisUrl = new URL(TEST_REDIS_URL)
    redisUrl.pathname = '/9'
    const port = await freePort()
    balancer = `http://127.0.0.1:${port}`
    cluster = spawn(
      process.execPath,
      ['scripts/cluster.ts', '--processes', '2'],
      {
        cwd: root,
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl.toString(),
          REDIS_URL: redisUrl.toString(),
          S3_ENDPOINT: s3.config.endpoint,
          S3_BUCKET: s3.config.bucket,
          S3_ACCESS_KEY: s3.config.accessKeyId,
          S3_SECRET_KEY: s3.config.secretAccessKey,
          PORTAL_API_SECRET,
          STAFF_API_TOKEN,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    for (const stream of [cluster.stdout, cluster.stderr])
      stream?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const deadline = Date.now() + 90_000
    while (!output.includes('集群：就绪')) {
      if (cluster.exitCode !== null || Date.now() > deadline)
        throw new Error(`the cluster did not start:\n${output}`)
      await sleep(200)
    }
    for (const [, name, pid, url] of output.matchAll(
      /集群：(portal-\d+) pid=(\d+) (http:\S+)/g,
    ))
      portals.set(name!, { pid: Number(pid), url: url! })
    db = await createDatabase({
      dataDir,
      databaseUrl: databaseUrl.toString(),
    })
  }, 120_000)

  afterAll(async () => {
    if (cluster && cluster.exitCode === null) {
      const exited = new Promise((resolve) => cluster.once('exit', resolve))
      cluster.kill('SIGTERM')
      await exited
    }
    await db?.destroy()
    await dropWhenClosed(databaseName)
    await s3?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  }, 60_000)

  /** A staff member with a personal API token, made in the cluster's database. */
  async function staffToken(displayName: string, roles: StaffRole[]) {
    const staff = createStaffService({
      db,
      secretKey: 'unused: no factor is enrolled here',
      publicBaseUrl: balancer,
    })
    const place = { address: '127.0.0.1' }
    const { account } = await staff.createAccount(null, place, {
      accountName: `t${randomBytes(5).toString('hex')}`,
      displayName,
      roles,
    })
    const actor = { ...account, accountId: account.id, via: 'session' as const }
    return (
      await staff.createApiToken(actor, place, { name: '集群测试', roles })
    ).token
  }

  const portal = (name: string) => {
    const found = portals.get(name)
    if (!found) throw new Error(`${name} not announced:\n${output}`)
    return found
  }

  /** How many GET /version.json a process answered, from its own /metrics. */
  async function versionRequestsServedBy(url: string) {
    const response = await fetch(`${url}/metrics`, {
      headers: { authorization: `Bearer ${STAFF_API_TOKEN}` },
    })
    const text = await response.text()
    expect(response.status, text.slice(0, 300)).toBe(200)
    return [
      ...text.matchAll(
        /^http_request_duration_seconds_count\{method="GET",route="\/version\.json",status="\d+"\} (\d+)$/gm,
      ),
    ].reduce((sum, match) => sum + Number(match[1]), 0)
  }

  it('spreads requests over both processes', async () => {
    for (let i = 0; i < 10; i++) {
      const response = await fetch(`${balancer}/version.json?t=${i}`)
      expect(response.status).toBe(200)
    }
    const served = await Promise.all(
      ['portal-1', 'portal-2'].map((name) =>
        versionRequestsServedBy(portal(name).url),
      ),
    )
    expect(served[0]! + served[1]!).toBe(10)
    expect(served[0]).toBeGreaterThanOrEqual(3)
    expect(served[1]).toBeGreaterThanOrEqual(3)
  })

  it('shows a notice published through one process on the other within a second', async () => {
    const title = `关于集群发布测试的通知${randomBytes(3).toString('hex')}`
    const listPage = async () =>
      (await fetch(`${portal('portal-2').url}/index/newList`)).text()
    // The other process's page cache holds the list from here on (for 10 s).
    expect(await listPage()).not.toContain(title)

    const editor = await staffToken('李编辑', [ROLE_EDITOR])
    const reviewer = await staffToken('张审核', [ROLE_REVIEWER])
    const call = async (token: string, url: string, body: unknown) => {
      const response = await fetch(
        `${portal('portal-1').url}/staff-api${url}`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(body),
        },
      )
      expect(response.status, await response.clone().text()).toBe(200)
      return (await response.json()) as {
        id: number
        working: { revisionNo: number; version: number }
      }
    }
    const base = (item: Awaited<ReturnType<typeof call>>) => ({
      revisionNo: item.working.revisionNo,
      version: item.working.version,
    })
    let item = await call(editor, '/content/items', {
      kind: 'article',
      fields: noticeFields(title),
    })
    item = await call(editor, `/content/items/${item.id}/submit`, {
      base: base(item),
    })
    await call(reviewer, `/content/items/${item.id}/approve`, {
      base: base(item),
    })
    const published = Date.now()
    await expect
      .poll(listPage, { timeout: 1000, interval: 50 })
      .toContain(title)
    expect(Date.now() - published).toBeLessThan(1000)
  })

  it('serves a file uploaded through one process from the other, kept in the bucket', async () => {
    const pdf = await pdfDocument()
    const { body, contentType } = multipartBody([
      { field: 'file', name: '投诉证据.pdf', content: pdf },
    ])
    const params = { ts: String(Date.now()) }
    const upload = await fetch(
      `${portal('portal-1').url}/JdPortalApi/File/Upload?${new URLSearchParams(params)}`,
      {
        method: 'POST',
        headers: {
          'content-type': contentType,
          'x-sign': portalSignNode(params, PORTAL_API_SECRET),
        },
        body,
      },
    )
    expect(upload.status).toBe(200)
    const record = FileRecordSchema.parse(
      ((await upload.json()) as { data: unknown }).data,
    )
    const cookie = upload.headers
      .getSetCookie()
      .find((c) => c.startsWith('file-access='))
      ?.split(';')[0]
    expect(cookie).toBeDefined()

    const download = await fetch(`${portal('portal-2').url}${record.url}`, {
      headers: { cookie: cookie! },
    })
    expect(download.status).toBe(200)
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true)

    const { storageKey } = await db
      .selectFrom('file')
      .select('storageKey')
      .where('id', '=', record.id)
      .executeTakeFirstOrThrow()
    const bucket = createS3FileStorage(s3.config)
    try {
      expect(await bucket.stat(storageKey)).toEqual({ size: pdf.length })
    } finally {
      await bucket.close()
    }
    expect(existsSync(path.join(dataDir, 'files', storageKey))).toBe(false)
  })

  it('goes on answering when a process is killed, and starts it again', async () => {
    const killed = portal('portal-2')
    process.kill(killed.pid, 'SIGKILL')
    const statuses: number[] = []
    for (let i = 0; i < 20; i++)
      statuses.push((await fetch(`${balancer}/version.json?k=${i}`)).status)
    expect(statuses).toEqual(Array.from({ length: 20 }, () => 200))
    // Every answer came from the survivor; the killed one comes back on its port.
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${killed.url}/healthz`)).status
          } catch {
            return 0
          }
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe(200)
    const pids = [...output.matchAll(/集群：portal-2 pid=(\d+)/g)].map(
      (match) => Number(match[1]),
    )
    expect(pids).toHaveLength(2)
    expect(pids[0]).toBe(killed.pid)
    expect(pids[1]).not.toBe(killed.pid)
  })

  it('stops haproxy and every process on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) =>
      cluster.once('exit', resolve),
    )
    cluster.kill('SIGTERM')
    expect(await exited).toBe(0)
    await expect(fetch(`${balancer}/healthz`)).rejects.toThrow()
    for (const { url } of portals.values())
      await expect(fetch(`${url}/healthz`)).rejects.toThrow()
  }, 30_000)
})
