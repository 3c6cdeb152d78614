import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { SERVER_NODE_FLAGS } from '#server/shared/runtime-flags.ts'
import { testConfig } from './app-config.ts'
import { freePort } from '../scripts/free-port.ts'

export type LoggedSms = {
  pid: number
  phone: string
  purpose: string
  text: string
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** What tests/crash-portal.ts writes as it holds back the answer to a filed submission. */
export const COMMITTED_LINE =
  'crash-portal: a submission is filed, its answer held back'

export function createCrashSupervisor(options: {
  dataDir: string
  databaseUrl?: string
}) {
  const config = testConfig(options.dataDir)
  const smsFile = path.join(options.dataDir, 'sms-sink.jsonl')
  let child: ChildProcess | undefined
  let exited: Promise<void> = Promise.resolve()
  let up: Promise<void> | undefined
  let port = 0
  let output = ''
  let commits = 0

  async function waitForHealth(current: ChildProcess) {
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      if (current.exitCode !== null || current.signalCode !== null)
        throw new Error(`the portal exited at start:\n${output.slice(-4000)}`)
      try {
        const response = await fetch(`http://127.0.0.1:${port}/healthz`, {
          signal: AbortSignal.timeout(1000),
        })
        if (response.ok) return
      } catch {
        // not listening yet
      }
      await sleep(50)
    }
    throw new Error(`the portal did not start:\n${output.slice(-4000)}`)
  }

  function spawnPortal() {
    const started = spawn(
      process.execPath,
      [...SERVER_NODE_FLAGS, 'tests/crash-portal.ts'],
      {
        cwd: path.resolve(import.meta.dirname, '..'),
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          NODE_ENV: 'test',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: options.dataDir,
          DATABASE_URL: options.databaseUrl ?? '',
          LOG_LEVEL: 'warn',
          PORTAL_TEST_HOOKS: '1',
          SMS_PROVIDER: 'log',
          PORTAL_API_SECRET: config.portalApiSecret,
          PORTAL_AES_KEY: config.portalAesKey,
          REGIONAL_HMAC_SECRET: config.regionalHmacSecret,
          STAFF_API_TOKEN: config.staffApiToken,
          CRASH_SMS_FILE: smsFile,
        },
      },
    )
    // 'close': the process has ended and its output is read.
    exited = new Promise((resolve) => started.once('close', () => resolve()))
    // Only this supervisor kills (SIGKILL): any other end is the portal failing by itself,
    // which every caller waiting for it learns instead of waiting for ever.
    started.once('close', (code, signal) => {
      if (signal === 'SIGKILL') return
      up = Promise.reject(
        new Error(
          `the portal ended by itself (${signal ?? code}):\n${output.slice(-4000)}`,
        ),
      )
      up.catch(() => {})
    })
    let pending = ''
    started.stdout!.on('data', (chunk: Buffer) => {
      const lines = `${pending}${chunk.toString()}`.split('\n')
      pending = lines.pop()!
      commits += lines.filter((line) => line === COMMITTED_LINE).length
    })
    for (const stream of [started.stdout!, started.stderr!])
      stream.on('data', (chunk: Buffer) => {
        output = `${output}${chunk.toString()}`.slice(-20_000)
      })
    child = started
    return started
  }

  return {
    get sms(): LoggedSms[] {
      if (!existsSync(smsFile)) return []
      const text = readFileSync(smsFile, 'utf8')
      // A line being written as this reads is left for the next read.
      return text
        .slice(0, text.lastIndexOf('\n') + 1)
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as LoggedSms)
    },
    get baseUrl() {
      return `http://127.0.0.1:${port}`
    },
    get pid() {
      return child?.pid ?? 0
    },
    /** Submissions filed whose answer was held back, by every process so far. */
    get commitsSeen() {
      return commits
    },
    async start() {
      port ||= await freePort()
      const started = spawnPortal()
      up = waitForHealth(started)
      await up
    },
    async running() {
      for (;;) {
        const current = up
        await current
        if (current === up) return
      }
    },
    async killAndRestart() {
      const killed = child!
      // From here on callers wait for the next start (or learn that it failed).
      let settle!: (error?: unknown) => void
      up = new Promise<void>((resolve, reject) => {
        settle = (error) => (error === undefined ? resolve() : reject(error))
      })
      up.catch(() => {})
      try {
        killed.kill('SIGKILL')
        await exited
        if (killed.signalCode !== 'SIGKILL')
          throw new Error(`the portal ended otherwise: ${killed.exitCode}`)
        await waitForHealth(spawnPortal())
        settle()
      } catch (error) {
        settle(error)
        throw error
      }
    },
    async stop() {
      child?.kill('SIGKILL')
      await exited
    },
  }
}

export type CrashSupervisor = ReturnType<typeof createCrashSupervisor>
