/**
 * The portal as the crash test (server/regional/submit-complaint-routes.crash.test.ts) runs it:
 * from source on Node's type stripping, the APIs and the signing page without the page build,
 * on DATA_DIR / DATABASE_URL and the other variables of loadConfig, listening on PORT. The
 * outbox looks for work every 250 ms and a claim lapses after 2 s, so that what a killed
 * process held is sent by the next one within the test's time. The answer to a submission is
 * held back 0–100 ms after its commit, as a slow line to the complainant would: a kill in that
 * time is the case of a complaint stored but never acknowledged. Text messages go to the file
 * CRASH_SMS_FILE, one JSON line each, written before the send resolves: a provider that has
 * taken a message has it, whatever happens to the process next (the log sender's line, written
 * asynchronously, may die with it).
 *   node tests/crash-portal.ts
 */
import { appendFileSync } from 'node:fs'
import path from 'node:path'

import { createDatabase, migrateToLatest } from '#server/db/database.ts'
import { createLocalFileStorage } from '#server/files/file-storage.ts'
import { buildApp } from '#server/main.ts'
import { loadConfig } from '#server/shared/config.ts'
import { maskPhone, type SmsSender } from '#server/shared/sms-sender.ts'

const sink = process.env.CRASH_SMS_FILE!
const sms: SmsSender = {
  async send(message) {
    appendFileSync(
      sink,
      `${JSON.stringify({ pid: process.pid, ...message, phone: maskPhone(message.phone) })}\n`,
    )
  },
}

const config = loadConfig()
const db = await createDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
})
await migrateToLatest(db)
const app = await buildApp({
  config,
  db,
  storage: createLocalFileStorage(path.join(config.dataDir, 'files')),
  pageBuild: null,
  sms,
  smsOutbox: { intervalMs: 250, leaseMs: 2000 },
})
app.addHook('onSend', async (request) => {
  if (request.url === '/xjApi/api/xjslts/zxtstj')
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 100))
})
await app.listen({ host: config.host, port: config.port })
