import type { AppConfig } from '#server/shared/config.ts'
import { type BuildAppOptions, buildApp } from '#server/main.ts'

import { testConfig } from './app-config.ts'
import { type TestDatabase } from './db.ts'
import { runningClock } from './setup/test-clock.ts'

/**
 * The portal as an API test builds it: on a test database and its file store (or the bucket
 * `config.s3` names), with the test
 * configuration (`config` overrides single settings), no pages, no log. `options` adds what a
 * test controls (clock, SMS sender, calendar, extra routes). The text message outbox sends
 * only when a commit wakes it (no timer), so what a test reads from its SMS sender does not
 * depend on when a timer fired; `await app.smsOutbox.settled()` waits for it. Scheduled content
 * is published only when a test asks (`app.contentScheduler.runNow()`), unless it sets
 * `contentScheduleIntervalMs`; the saved searches' alerts go when woken (a publication, a
 * request) and when a test asks (`app.alerts.runNow()`), never on a timer. Its clock starts at
 * TEST_NOW, the templates' day, unless the test gives its own: no answer depends on the date
 * the suite runs on.
 */
export function buildTestApp(
  test: Pick<TestDatabase, 'db' | 'storage' | 'dataDir'>,
  {
    config,
    ...options
  }: { config?: Partial<AppConfig> } & Partial<
    Omit<BuildAppOptions, 'config' | 'db' | 'storage'>
  > = {},
) {
  return buildApp({
    config: testConfig(test.dataDir, config),
    db: test.db,
    // With S3_* configured the app opens the bucket itself, as it starts in production.
    storage: config?.s3 ? undefined : test.storage,
    pageBuild: null,
    logger: false,
    smsOutbox: { intervalMs: null },
    contentScheduleIntervalMs: null,
    alertIntervalMs: null,
    now: runningClock(),
    ...options,
  })
}
