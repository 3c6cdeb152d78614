import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { SERVER_NODE_FLAGS } from '#server/shared/runtime-flags.ts'

import { freePort } from '../../scripts/free-port.ts'
import { waitForHealth } from './global-server.ts'

export type OwnPortal = {
  baseUrl: string
  dataDir: string
  /** What the process wrote so far, stdout and stderr. */
  log(): string
  stop(): Promise<void>
}

/**
 * A built portal of a journey's own, on SQLite in a fresh folder, for what the shared portal
 * cannot show: mail to a test SMTP server, a clock moved by faketime (`command` before node).
 */
export async function startOwnPortal(
  name: string,
  env: Record<string, string>,
  {
    command = [],
    port: chosenPort,
  }: {
    command?: string[]
    /** Known before the start: a provider the portal names must know its address first. */
    port?: number
  } = {},
): Promise<OwnPortal> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `portal-${name}-e2e-`))
  const port = chosenPort ?? (await freePort())
  const baseUrl = `http://127.0.0.1:${port}`
  const node = [process.execPath, ...SERVER_NODE_FLAGS, 'build/portal/main.js']
  const [program, ...args] = [...command, ...node]
  const child = spawn(program!, args, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  await waitForHealth(baseUrl, child, () => log)
  return {
    baseUrl,
    dataDir,
    log: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
