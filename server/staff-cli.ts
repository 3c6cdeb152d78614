import { ROLE_ADMIN } from '#common/constants/staff.ts'
import { createDatabase, migrateToLatest } from '#server/db/database.ts'
import { loadConfig } from '#server/shared/config.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { createStaffService } from '#server/staff/staff-service.ts'

const USAGE = '用法：npm run staff -- create-admin <账号名> <姓名>'

/**
 * `npm run staff -- create-admin <account> <name>`: the first 系统管理员, on the database
 * DATABASE_URL / DATA_DIR name, and its one-time setup link (24 hours). No default password:
 * the person sets one and enrols the second factor through the link.
 */
export async function runStaffCli(args: string[]): Promise<number> {
  const [command, accountName, displayName] = args
  if (command !== 'create-admin' || !accountName || !displayName) {
    console.error(USAGE)
    return 2
  }
  const config = loadConfig()
  const db = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  })
  try {
    await migrateToLatest(db)
    const staff = createStaffService({
      db,
      secretKey: config.staffSecretKey,
      publicBaseUrl: config.publicBaseUrl,
    })
    const { setupUrl } = await staff.createAccount(
      null,
      { address: 'cli' },
      { accountName, displayName, roles: [ROLE_ADMIN] },
    )
    console.log(`已创建系统管理员“${displayName}”（${accountName}）。`)
    console.log('请在24小时内打开以下一次性链接设置密码并绑定动态验证码：')
    console.log(setupUrl)
    return 0
  } catch (error) {
    if (!(error instanceof Refusal)) throw error
    console.error(error.message)
    return 1
  } finally {
    await db.destroy()
  }
}

if (import.meta.main)
  process.exitCode = await runStaffCli(process.argv.slice(2))
