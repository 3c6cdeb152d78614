import { inject } from 'vitest'

import type { PortalUnderTest } from './global-server.ts'

// Vitest numbers its workers from 1 (VITEST_POOL_ID), and a worker runs one file at a time.
function portalOfThisWorker(): PortalUnderTest {
  const portals = inject('portals')
  const worker = Number(process.env.VITEST_POOL_ID ?? '1')
  return portals[(worker - 1) % portals.length]!
}

export const {
  baseUrl,
  dataDir,
  serverLogFile,
  staffApiToken,
  drafterApiToken,
} = portalOfThisWorker()
