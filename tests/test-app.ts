import type { AppConfig } from '#server/shared/config.ts'
import { type BuildAppOptions, buildApp } from '#server/main.ts'

import { testConfig } from './app-config.ts'
import { type TestDatabase } from './db.ts'
import { runningClock } from './setup/test-clock.ts'

// The outbox sends only when a commit wakes it, and scheduled content and alerts go only when
// a test asks or wakes them, never on a timer: what a test reads does not depend on when a
// timer fired. The clock starts at TEST_NOW, the templates' day, so that no answer depends on
// the date the suite runs on.
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
