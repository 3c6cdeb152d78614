import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { describe, expect, it } from 'vitest'

import { createDatabase } from '#server/db/database.ts'
import { buildTestApp } from '#tests/test-app.ts'
import { createLocalFileStorage } from '#server/files/file-storage.ts'
import { loadConfig } from '#server/shared/config.ts'

const run = promisify(execFile)

describe('npm run staff -- create-admin', () => {
  it('creates the first administrator on a new SQLite DATA_DIR and prints a working setup link', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-cli-'))
    try {
      const env = {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PUBLIC_BASE_URL: 'https://jd.example.gov.cn',
      }
      const { stdout } = await run(
        process.execPath,
        ['server/staff-cli.ts', 'create-admin', 'wang.admin', '王管理'],
        { env },
      )
      const url = stdout.match(
        /https:\/\/jd\.example\.gov\.cn\/admin\/setup\?token=[\w-]{43}/,
      )?.[0]
      expect(url, stdout).toBeDefined()
      const again = await run(
        process.execPath,
        ['server/staff-cli.ts', 'create-admin', 'wang.admin', '王管理'],
        { env },
      ).catch((e: { code: number; stderr: string }) => e)
      expect(again).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('已被使用'),
      })
      // The link works on the portal that DATA_DIR belongs to.
      const db = await createDatabase({ dataDir })
      const config = loadConfig(env)
      const app = await buildTestApp(
        {
          db,
          storage: createLocalFileStorage(path.join(dataDir, 'files')),
          dataDir,
        },
        { config: { staffSecretKey: config.staffSecretKey } },
      )
      const token = new URL(url!).searchParams.get('token')
      const info = await app.inject({ url: `/staff-api/setup?token=${token}` })
      expect(info.json()).toMatchObject({
        accountName: 'wang.admin',
        displayName: '王管理',
      })
      const roles = await db
        .selectFrom('staffAccountRole')
        .select('role')
        .execute()
      expect(roles).toEqual([{ role: '系统管理员' }])
      await app.close()
      await db.destroy()
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
