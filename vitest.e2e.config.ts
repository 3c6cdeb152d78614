import { defineConfig } from 'vitest/config'

// End-to-end journeys in Debian's Chromium against the built portal on a fresh database.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-server.ts'],
    setupFiles: ['tests/setup/fail-on-console.ts'],
    pool: 'forks',
    // Two files at a time, each against a portal of its own (global-server.ts): with one the
    // cores were 60–70 % idle, the browser, the portal and the test waiting on each other
    // (2026-12-07: 678 s with one, 513–517 s with two). Earlier two-worker runs lost clicks that
    // landed while an antd dialog or list was still zooming in; every journey now reaches into
    // them once they stand still (openedDialog, pickOption, tick in browser.ts).
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
