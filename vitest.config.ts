import os from 'node:os'
import path from 'node:path'

import { defineConfig } from 'vitest/config'

import { tinymceSliderStep } from './app/components/ui/tinymce-slider-step.ts'

// Unit, component and API tests. Component files opt into jsdom with a
// `// @vitest-environment jsdom` docblock; everything else runs in Node.
export default defineConfig({
  // The editor's tests meet TinyMCE as the build ships it: its theme goes through the build's
  // plugin instead of straight to Node.
  plugins: [tinymceSliderStep()],
  resolve: {
    // Under Node 'antd' is its CommonJS build: modules the app imports from antd's ES build
    // (app/components/ui/app-feedback.tsx) are taken from the same build, so that both
    // share one set of React contexts.
    alias: [
      { find: /^antd\/es\/(.*)$/, replacement: 'antd/lib/$1' },
      // The antd stylesheets exist once the build has generated them; tests need none.
      {
        find: /^.*antd\.generated\/[\w-]+\.css$/,
        replacement: path.resolve(
          import.meta.dirname,
          'tests/setup/antd-styles.css',
        ),
      },
      {
        find: /^.*antd\.generated\/[\w-]+\.css\?url$/,
        replacement: path.resolve(
          import.meta.dirname,
          'tests/setup/antd-stylesheet-url.ts',
        ),
      },
    ],
  },
  test: {
    server: { deps: { inline: [/tinymce\/themes\/silver\//] } },
    include: ['{app,server,common,bench}/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/setup/fail-on-console.ts', 'tests/setup/dom-waits.ts'],
    globalSetup: ['tests/setup/global-database.ts'],
    pool: 'forks',
    // Vitest keeps a core for itself by default, which on a two-core machine (CI's) leaves one
    // worker: two take the unit run to about 225 s there (both engines).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // expect.poll waits for a condition: as with testing-library's waits (dom-waits.ts), a
    // longer bound than vitest's default second only lets a loaded machine finish.
    expect: { poll: { timeout: 10_000 } },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
