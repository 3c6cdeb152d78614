// The portal as the crash test runs it (server/regional/submit-complaint-routes.crash.test.ts).
// The outbox looks every 250 ms and a claim lapses after 2 s, so that what a killed process
// held is sent by the next one within the test's time. Text messages go to CRASH_SMS_FILE
// before the send resolves: a provider that has taken a message has it, whatever happens to
// the process next.
// The answer to a filed submission is held back 50–150 ms after its commit, and the process
// says so on its standard output first (COMMITTED_LINE): the test's killer kills on that line,
// so a kill that stores a complaint never acknowledged is made when wanted, not hoped for.
// Aimed by time instead (into the second half of a usual answer), 25 aimed kills of 30 on a
// loaded machine saw that case fewer than twice.
//   node tests/crash-portal.ts
import { appendFileSync } from 'node:fs'
import path from 'node:path'

import { createDatabase, migrateToLatest } from '#server/db/database.ts'
import { createLocalFileStorage } from '#server/files/file-storage.ts'
import { buildApp } from '#server/main.ts'
import { loadConfig } from '#server/shared/config.ts'
import { maskPhone, type SmsSender } from '#server/shared/sms-sender.ts'

import { COMMITTED_LINE } from './crash-supervisor.ts'

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
app.addHook('onSend', async (request, reply) => {
  if (request.url !== '/xjApi/api/xjslts/zxtstj') return
  if (reply.statusCode === 200) process.stdout.write(`${COMMITTED_LINE}\n`)
  await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100))
})
await app.listen({ host: config.host, port: config.port })
