import { defineConfig } from 'vitest/config'

// End-to-end journeys in Debian's Chromium against the built portal on a fresh database.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-server.ts'],
    setupFiles: ['tests/setup/fail-on-console.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
