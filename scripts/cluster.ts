// architecture.md, Growing past one machine:
//   DATABASE_URL=postgres://… REDIS_URL=redis://… node scripts/cluster.ts [--processes 2]
// Without S3_* the files are in DATA_DIR, which only processes on this machine share.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'

import { isPostgresUrl } from '#server/db/database.ts'
import { loadConfig } from '#server/shared/config.ts'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '#server/shared/runtime-flags.ts'
import { freePort } from './free-port.ts'
import { type Backend, haproxyConfig } from './haproxy-config.ts'

const root = path.resolve(import.meta.dirname, '..')
const entry = path.join(root, 'build', 'portal', 'main.js')
const haproxyBin = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy'

const { values: args } = parseArgs({
  options: {
    processes: {
      type: 'string',
      default: process.env.CLUSTER_PROCESSES ?? '2',
    },
  },
})

function fail(message: string): never {
  console.error(`集群无法启动：${message}`)
  process.exit(1)
}

const count = Number(args.processes)
if (!Number.isInteger(count) || count < 1 || count > 32)
  fail('--processes 须为 1 到 32 之间的整数')
if (!isPostgresUrl(process.env.DATABASE_URL))
  fail(
    '须设置 DATABASE_URL 为 PostgreSQL 地址（postgres://…）：多个进程不能共用一个 SQLite 文件之外的数据',
  )
if (!process.env.REDIS_URL)
  fail('须设置 REDIS_URL：验证码、短信验证码、限流和缓存失效须在各进程间共享')
if (!existsSync(entry)) fail(`找不到 ${entry}，请先运行 npm run build`)
if (!existsSync(haproxyBin))
  fail(`找不到 haproxy（${haproxyBin}），请安装 haproxy 或设置 HAPROXY_BIN`)

// Checks every variable as a portal would, and writes DATA_DIR/secrets.json once, here: the
// processes then read the same secrets instead of each generating its own at the same time.
const { host, port } = loadConfig()
// Where this machine reaches haproxy, and where visitors do unless PUBLIC_BASE_URL says.
const wildcard = host === '0.0.0.0' || host === '::'
const balancerUrl = `http://${wildcard ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`
const publicBaseUrl = process.env.PUBLIC_BASE_URL || balancerUrl

async function waitForHealth(url: string, child: ChildProcess, name: string) {
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} 启动时退出`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await sleep(250)
  }
  throw new Error(`${name} 未在 180 秒内就绪`)
}

type Portal = Backend & { child: ChildProcess }
const portals: Portal[] = []
let haproxy: ChildProcess | undefined
let isStopping = false
let workDir: string | undefined

function startPortal(backend: Backend): Portal {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      ...SERVER_ENV,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(backend.port),
      PUBLIC_BASE_URL: publicBaseUrl,
      // Every request comes from haproxy: the visitor's address is in X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
    },
  })
  const portal = { ...backend, child }
  console.log(
    `集群：${backend.name} pid=${child.pid} http://127.0.0.1:${backend.port}`,
  )
  child.once('exit', (code, signal) => {
    if (isStopping) return
    console.error(
      `集群：${backend.name} 已退出（${signal ?? code}），1 秒后重新启动`,
    )
    setTimeout(() => {
      if (isStopping) return
      const index = portals.indexOf(portal)
      if (index >= 0) portals[index] = startPortal(backend)
    }, 1000)
  })
  return portal
}

async function stop(exitCode: number) {
  if (isStopping) return
  isStopping = true
  const running = [...portals.map((p) => p.child), haproxy].filter(
    (child): child is ChildProcess =>
      child !== undefined &&
      child.exitCode === null &&
      child.signalCode === null,
  )
  const exited = running.map(
    (child) => new Promise((resolve) => child.once('exit', resolve)),
  )
  for (const child of running) child.kill('SIGTERM')
  // The portals close gracefully within their 10 s; past that they are ended.
  const killer = setTimeout(() => {
    for (const child of running) child.kill('SIGKILL')
  }, 15_000)
  await Promise.all(exited)
  clearTimeout(killer)
  if (workDir) await rm(workDir, { recursive: true, force: true })
  process.exit(exitCode)
}

process.on('SIGINT', () => void stop(0))
process.on('SIGTERM', () => void stop(0))

try {
  const backends: Backend[] = []
  for (let i = 1; i <= count; i++)
    backends.push({ name: `portal-${i}`, port: await freePort() })
  // The first process alone migrates the database and, on a fresh one, seeds the demo
  // content; the others start once it is done and find both in place.
  const [first, ...others] = backends.map((backend) => ({ backend }))
  const firstPortal = startPortal(first!.backend)
  portals.push(firstPortal)
  await waitForHealth(
    `http://127.0.0.1:${first!.backend.port}/healthz`,
    firstPortal.child,
    first!.backend.name,
  )
  const rest = others.map(({ backend }) => startPortal(backend))
  portals.push(...rest)
  await Promise.all(
    rest.map((portal) =>
      waitForHealth(
        `http://127.0.0.1:${portal.port}/healthz`,
        portal.child,
        portal.name,
      ),
    ),
  )

  workDir = await mkdtemp(path.join(tmpdir(), 'portal-cluster-'))
  const configFile = path.join(workDir, 'haproxy.cfg')
  await writeFile(configFile, haproxyConfig({ host, port, backends }))
  haproxy = spawn(haproxyBin, ['-f', configFile, '-db'], { stdio: 'inherit' })
  haproxy.once('exit', (code, signal) => {
    if (isStopping) return
    console.error(`集群：haproxy 已退出（${signal ?? code}），停止全部进程`)
    void stop(1)
  })
  await waitForHealth(`${balancerUrl}/healthz`, haproxy, 'haproxy')
  console.log(
    `集群：就绪 ${publicBaseUrl} → ${backends.map((b) => b.name).join(', ')}（haproxy 配置 ${configFile}）`,
  )
} catch (error) {
  console.error(`集群无法启动：${(error as Error).message}`)
  await stop(1)
}
