import { createServer } from 'node:net'

/** A port free on this machine now, for a process about to be started (the cluster, benches, the test portals). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        resolve(typeof address === 'object' && address ? address.port : 0),
      )
    })
  })
}
