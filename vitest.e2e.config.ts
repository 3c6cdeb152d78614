import { defineConfig } from 'vitest/config'

// End-to-end journeys in Debian's Chromium against the built portal on a fresh database.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-server.ts'],
    setupFiles: ['tests/setup/fail-on-console.ts'],
    pool: 'forks',
    // Two files at a time, each against a portal of its own (global-server.ts). One journey
    // leaves the cores idle about 60 % of the time (its browser, portal and test wait on each
    // other); two fill them: 596 s to 413-424 s on 2026-12-07. A journey whose letter does not
    // start generating now says what the form refused (complaint-filing.ts), the fault that
    // once sent the journeys back to one worker.
    maxWorkers: 2,
    // A journey's expect.poll waits for what the page shows after a reload, a render or a
    // request: on a loaded two-core machine that has taken over vitest's default second. A
    // condition that holds ends the wait at once, so the longer bound costs a passing journey
    // nothing.
    expect: { poll: { timeout: 30_000 } },
    // A journey is a person's whole task: two of them at once on two cores take a minute or two.
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
})
