// The portal as the crash test runs it (server/regional/submit-complaint-routes.crash.test.ts).
// The outbox looks every 250 ms and a claim lapses after 2 s, so that what a killed process
// held is sent by the next one within the test's time. Text messages go to CRASH_SMS_FILE
// before the send resolves: a provider that has taken a message has it, whatever happens to
// the process next.
// The answer to a submission is held back 50–150 ms after its commit: a kill then stores a
// complaint never acknowledged. Held back 0–100 ms, the window was often too short to hit: 2 of
// 6 runs (one engine each) saw fewer than two such kills in 30 and failed; at 50–150 ms, 26
// kills of 96 hit it, in 8 runs that all passed.
//   node tests/crash-portal.ts
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
    await new Promise((resolve) =>
      setTimeout(resolve, 50 + Math.random() * 100),
    )
})
await app.listen({ host: config.host, port: config.port })
