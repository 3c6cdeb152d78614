import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import net from 'node:net'

import { freePort } from '../scripts/free-port.ts'

export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

function isReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({
      host: hostname,
      port: Number(port || 6379),
      timeout: 1000,
    })
    socket.once('connect', () => {
      socket.end()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => resolve(false))
  })
}

// Always in CI, where an unreachable Redis fails instead of skipping.
export const hasTestRedis =
  process.env.CI === 'true' || (await isReachable(TEST_REDIS_URL))

export type OwnRedis = {
  url: string
  // SIGKILL, as a crash would: no goodbye to the clients.
  kill(): Promise<void>
  // Again on the same port, with nothing kept.
  start(): Promise<void>
}

// A redis-server of the test's own on a free port, never the shared one on 6379. Keeps no data.
function withoutFakeTime(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { LD_PRELOAD: _preload, FAKETIME: _faketime, ...rest } = env
  return rest
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort()
  const url = `redis://127.0.0.1:${port}`
  let server: ChildProcess | undefined
  async function start() {
    const started = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
      ],
      // Not under the test run's moved clock (npm run test:clock): redis-server does not start
      // with libfaketime preloaded.
      { stdio: 'ignore', env: withoutFakeTime(process.env) },
    )
    server = started
    const deadline = Date.now() + 10_000
    while (!(await isReachable(url))) {
      if (started.exitCode !== null || Date.now() > deadline)
        throw new Error(`redis-server did not start on port ${port}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  await start()
  return {
    url,
    start,
    async kill() {
      const running = server
      if (!running || running.exitCode !== null) return
      const exited = once(running, 'exit')
      running.kill('SIGKILL')
      await exited
    },
  }
}
