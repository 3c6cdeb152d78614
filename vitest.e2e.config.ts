import { defineConfig } from 'vitest/config'

// End-to-end journeys in Debian's Chromium against the built portal on a fresh database.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-server.ts'],
    setupFiles: ['tests/setup/fail-on-console.ts'],
    pool: 'forks',
    // One file at a time. global-server.ts can start one portal per worker, but one journey's
    // browser and portal already keep both cores busy: with two workers each journey took about
    // twice as long, the run gained about a quarter, and the complaint and signing journeys ran
    // past their time limit.
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
