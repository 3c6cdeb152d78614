import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import path from 'node:path'

import type { TestProject } from 'vitest/node'

import { SERVER_NODE_FLAGS } from '#server/shared/runtime-flags.ts'
import { createDatabase } from '#server/db/database.ts'
import { createStaffService } from '#server/staff/staff-service.ts'
import {
  ROLE_HANDLER,
  ROLE_HEAD,
  type StaffRole,
} from '#common/constants/staff.ts'
import { freePort } from '../../scripts/free-port.ts'

export type PortalUnderTest = {
  baseUrl: string
  dataDir: string
  serverLogFile: string
  staffApiToken: string
  /** 钱干事 (投诉处理): drafts what 赵科长 lets out (拟稿 → 核稿 → 签发). */
  drafterApiToken: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    portals: PortalUnderTest[]
  }
}

export async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
) {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`portal exited early:\n${output()}`)
    try {
      const response = await fetch(`${baseUrl}/healthz`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`portal did not become healthy:\n${output()}`)
}

// 赵科长 (投诉处理 and 投诉负责人) and 钱干事 (投诉处理), each with an API token.
async function officialTokens(
  dataDir: string,
): Promise<{ official: string; drafter: string }> {
  const db = await createDatabase({ dataDir })
  try {
    const staff = createStaffService({
      db,
      secretKey: 'unused: no factor is enrolled here',
      publicBaseUrl: 'http://127.0.0.1',
    })
    const place = { address: '127.0.0.1' }
    const tokenOf = async (
      accountName: string,
      displayName: string,
      roles: StaffRole[],
    ) => {
      const { account } = await staff.createAccount(null, place, {
        accountName,
        displayName,
        roles,
      })
      const actor = {
        ...account,
        accountId: account.id,
        via: 'session' as const,
      }
      return (
        await staff.createApiToken(actor, place, { name: '端到端测试', roles })
      ).token
    }
    return {
      official: await tokenOf('zhao.official', '赵科长', [
        ROLE_HANDLER,
        ROLE_HEAD,
      ]),
      drafter: await tokenOf('qian.drafter', '钱干事', [ROLE_HANDLER]),
    }
  } finally {
    await db.destroy()
  }
}

async function startPortal(): Promise<{
  portal: PortalUnderTest
  stop: () => Promise<void>
}> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'))
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  let log = ''
  const serverLogFile = path.join(dataDir, 'server.log')
  const staffApiToken = randomBytes(24).toString('base64url')
  const logFile = createWriteStream(serverLogFile)
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, 'build/portal/main.js'],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        // Each portal keeps its own state: no Redis shared between them.
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
        // The journeys read captcha answers through /__test__ (server/filing/test-hook-routes.ts).
        PORTAL_TEST_HOOKS: '1',
        STAFF_API_TOKEN: staffApiToken,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => {
      log += chunk.toString()
      logFile.write(chunk)
    })
  await waitForHealth(baseUrl, child, () => log)
  const tokens = await officialTokens(dataDir)
  return {
    portal: {
      baseUrl,
      dataDir,
      serverLogFile,
      staffApiToken: tokens.official,
      drafterApiToken: tokens.drafter,
    },
    async stop() {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
      await new Promise((r) => logFile.end(r))
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

// One portal for each worker: nothing one journey leaves (content, rate limits, sessions,
// the SMS log) reaches a journey of the other worker.
export default async function setup(project: TestProject) {
  const workers = Number(project.config.maxWorkers) || 1
  const started = await Promise.all(
    Array.from({ length: workers }, () => startPortal()),
  )
  project.provide(
    'portals',
    started.map((s) => s.portal),
  )
  return async () => {
    await Promise.all(started.map((s) => s.stop()))
  }
}
