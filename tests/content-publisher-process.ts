// For content-scheduler.test.ts: two processes finding the same revision due. It waits for a
// line on stdin before it looks, so that two processes look at the same moment.
//   node tests/content-publisher-process.ts <dataDir> <databaseUrl or ''> <ISO time>
import { createInterface } from 'node:readline'

import { createContentWorkflow } from '#server/content/content-workflow.ts'
import { createDatabase } from '#server/db/database.ts'
import { createLocalContentChanges } from '#server/shared/content-changes.ts'
import { createStaffService } from '#server/staff/staff-service.ts'

const [dataDir, databaseUrl, at] = process.argv.slice(2)
const db = await createDatabase({
  dataDir: dataDir!,
  databaseUrl: databaseUrl || undefined,
})
const now = () => new Date(at!)
const staff = createStaffService({
  db,
  secretKey: 'content-publisher-process-key-0123456789abcdef',
  publicBaseUrl: 'http://127.0.0.1',
  now,
})
const workflow = createContentWorkflow({
  db,
  changes: createLocalContentChanges(),
  audit: staff.audit,
  now,
})
process.stdout.write('ready\n')
await new Promise<void>((resolve) =>
  createInterface({ input: process.stdin }).once('line', () => resolve()),
)
process.stdout.write(`published ${await workflow.publishDue()}\n`)
await db.destroy()
process.exit(0)
