import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createDatabase } from '#server/db/database.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
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

describe.each(testEngines)(
  'npm run staff -- link-oidc / unlink-oidc on %s',
  (engine) => {
    let t: TestDatabase
    beforeAll(async () => {
      t = await createTestDatabase(engine, { isEmpty: true })
    })
    afterAll(() => t?.destroy())

    const staff = (...args: string[]) =>
      run(process.execPath, ['server/staff-cli.ts', ...args], {
        env: {
          ...process.env,
          DATA_DIR: t.dataDir,
          DATABASE_URL: t.databaseUrl ?? '',
        },
      }).catch((e: { code: number; stdout: string; stderr: string }) => e)
    const subjectOf = async (accountName: string) =>
      (
        await t.db
          .selectFrom('staffAccount')
          .select('oidcSubject')
          .where('accountName', '=', accountName)
          .executeTakeFirstOrThrow()
      ).oidcSubject

    // Seven runs of the command, each a Node process of its own: on a machine loaded to 20
    // runnable processes that has taken more than 60 s. Only a run that fails waits this long.
    it('links an account to a subject once, refuses it for another account, and unlinks', async () => {
      for (const name of ['zhao.ming', 'qian.li'])
        expect(await staff('create-admin', name, '某人')).toMatchObject({
          stdout: expect.stringContaining('已创建系统管理员'),
        })
      expect(
        await staff('link-oidc', 'zhao.ming', 'uia|6501-0042'),
      ).toMatchObject({
        stdout: expect.stringContaining(
          '已关联统一身份认证用户标识：uia|6501-0042',
        ),
      })
      expect(await subjectOf('zhao.ming')).toBe('uia|6501-0042')

      expect(
        await staff('link-oidc', 'qian.li', 'uia|6501-0042'),
      ).toMatchObject({
        code: 1,
        stderr: expect.stringContaining(
          '该统一身份认证标识已关联账号“zhao.ming”',
        ),
      })
      expect(await subjectOf('qian.li')).toBeNull()
      expect(await staff('link-oidc', 'qian.li', 'has a space')).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('不含空格'),
      })
      expect(await staff('link-oidc', 'nobody', 'uia|1')).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('没有账号“nobody”'),
      })
      expect(await staff('link-oidc', 'qian.li')).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('unlink-oidc <账号名>'),
      })

      expect(await staff('unlink-oidc', 'zhao.ming')).toMatchObject({
        stdout: expect.stringContaining('原用户标识：uia|6501-0042'),
      })
      expect(await subjectOf('zhao.ming')).toBeNull()
      // Freed, the subject can go to the other account.
      await staff('link-oidc', 'qian.li', 'uia|6501-0042')
      expect(await subjectOf('qian.li')).toBe('uia|6501-0042')

      const audit = await t.db
        .selectFrom('staffAudit')
        .select(['accountName', 'action', 'target', 'outcome', 'address'])
        .where('action', 'like', 'account.oidc-%')
        .orderBy('id')
        .execute()
      expect(audit).toEqual([
        {
          accountName: '（命令行）',
          action: 'account.oidc-link',
          target: 'zhao.ming',
          outcome: 'ok',
          address: 'cli',
        },
        expect.objectContaining({
          action: 'account.oidc-link',
          target: 'qian.li',
          outcome: 'refused',
        }),
        expect.objectContaining({
          action: 'account.oidc-unlink',
          target: 'zhao.ming',
          outcome: 'ok',
        }),
        expect.objectContaining({
          action: 'account.oidc-link',
          target: 'qian.li',
          outcome: 'ok',
        }),
      ])
    }, 300_000)
  },
)
