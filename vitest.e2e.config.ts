import { defineConfig } from 'vitest/config'

// End-to-end journeys in Debian's Chromium against the built portal on a fresh database.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-server.ts'],
    setupFiles: ['tests/setup/fail-on-console.ts'],
    pool: 'forks',
    // One file at a time for now. global-server.ts starts one portal per worker, and two
    // workers take the run from about 690 s to about 420 s, but under that load the content
    // project journey's approval and the complaint journey's signing window still fail now
    // and then: two workers wait until those journeys hold under load.
    maxWorkers: 1,
    // A journey's expect.poll waits for what the page shows after a reload, a render or a
    // request: on a loaded two-core machine that has taken over vitest's default second. A
    // condition that holds ends the wait at once, so the longer bound costs a passing journey
    // nothing.
    expect: { poll: { timeout: 10_000 } },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
