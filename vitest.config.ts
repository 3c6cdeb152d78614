import { readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { defineConfig } from 'vitest/config'

import { tinymceSliderStep } from './app/components/ui/tinymce-slider-step.ts'
import { isReactWorkAfterTeardown } from './tests/setup/react-late-work.ts'

// Tests share their workers' loaded modules (isolate: false): each server file builds its own
// app on its own database, and each component file renders into its own jsdom window, so
// loading the server, React and antd once per worker instead of once per file saves their
// import each time (server: about 420 s to 350 s of the unit run on two cores; component files:
// 322 to 274 CPU-seconds). A file that fakes timers, spies on, stubs or replaces globals, or
// mocks a module keeps a fresh worker of its own: found here from its source, so a new such
// file is never shared by mistake.
const SIDE_EFFECT_CALL =
  /\bvi\.(mock|doMock|useFakeTimers|spyOn|stubGlobal|stubEnv)\(|\bglobalThis\.\w+\s*=(?!=)/
const testsOf = (folder: string) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${folder}/${file}`)
const withSideEffects = (files: string[]) =>
  files.filter((file) => SIDE_EFFECT_CALL.test(readFileSync(file, 'utf8')))
const SERVER_TEST_FOLDERS = ['server', 'common', 'bench']
const SERVER_SIDE_EFFECT_TESTS = withSideEffects(
  SERVER_TEST_FOLDERS.flatMap(testsOf),
)
const APP_SIDE_EFFECT_TESTS = withSideEffects(testsOf('app'))

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
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: [
            `{${SERVER_TEST_FOLDERS.join(',')}}/**/*.test.ts`,
            'tests/setup/**/*.test.ts',
          ],
          exclude: SERVER_SIDE_EFFECT_TESTS,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          include: ['app/**/*.test.{ts,tsx}'],
          exclude: APP_SIDE_EFFECT_TESTS,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: [...APP_SIDE_EFFECT_TESTS, ...SERVER_SIDE_EFFECT_TESTS],
        },
      },
    ],
    setupFiles: [
      'tests/setup/fail-on-console.ts',
      'tests/setup/dom-waits.ts',
      'tests/setup/react-teardown.ts',
    ],
    globalSetup: ['tests/setup/global-database.ts'],
    // React's work that outlives a component file's window (tests/setup/react-late-work.ts) is
    // not counted against the run; every other unhandled error still fails it.
    onUnhandledError: (error) => !isReactWorkAfterTeardown(error),
    pool: 'forks',
    // Vitest keeps a core for itself by default, which on a two-core machine (CI's) leaves one
    // worker.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // expect.poll waits for a condition: as with testing-library's waits (dom-waits.ts), a
    // longer bound than vitest's default second only lets a loaded machine finish.
    expect: { poll: { timeout: 30_000 } },
    // A test's own bound: a component test of an antd form took 5 s quiet and over 20 s with
    // five processes to a core. The bound only ends a test that would never finish.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
