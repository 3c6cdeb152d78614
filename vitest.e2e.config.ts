import { defineConfig } from 'vitest/config'

// End-to-end journeys in Debian's Chromium against the built portal on a fresh database.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-server.ts'],
    setupFiles: ['tests/setup/fail-on-console.ts'],
    pool: 'forks',
    // One file at a time. With two (a portal each) the cores went from 68 % to 95 % busy and
    // the journeys from 941 s to 724 s, but in one such run the complaint and signing journeys
    // twice clicked 生成投诉书 and never saw the letter's generation start, a fault not yet
    // understood: one worker stays until it is.
    maxWorkers: 1,
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
