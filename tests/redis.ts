import net from 'node:net'

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
