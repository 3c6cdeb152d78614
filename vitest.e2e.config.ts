import { defineConfig } from 'vitest/config'

// End-to-end journeys in Debian's Chromium against the built portal on a fresh database.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-server.ts'],
    setupFiles: ['tests/setup/fail-on-console.ts'],
    pool: 'forks',
    // Two files at a time, each against a portal of its own (global-server.ts). One journey
    // leaves the cores idle about a third of the time (its browser, portal and test wait on
    // each other), two fill them: each journey takes about half again as long, the run about a
    // quarter less (941 s to 724 s on two cores). Waits and time limits are set for that load.
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
