import { defineConfig } from 'vitest/config'

// Unit, component and API tests. Component files opt into jsdom with a
// `// @vitest-environment jsdom` docblock; everything else runs in Node.
export default defineConfig({
  test: {
    include: ['{app,server,common,bench}/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/setup/fail-on-console.ts'],
    globalSetup: ['tests/setup/global-database.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
