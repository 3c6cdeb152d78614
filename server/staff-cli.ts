import { ROLE_ADMIN } from '#common/constants/staff.ts'
import { OidcSubjectSchema } from '#common/schemas/staff.ts'
import { createDatabase, migrateToLatest } from '#server/db/database.ts'
import { loadConfig } from '#server/shared/config.ts'
import { Refusal } from '#server/shared/refusal.ts'
import {
  createStaffService,
  type StaffService,
} from '#server/staff/staff-service.ts'

const USAGE = [
  '用法：',
  '  npm run staff -- create-admin <账号名> <姓名>     创建系统管理员并给出一次性设置链接',
  '  npm run staff -- link-oidc <账号名> <用户标识>    关联统一身份认证的用户标识（sub）',
  '  npm run staff -- unlink-oidc <账号名>             解除统一身份认证的关联',
].join('\n')

const CLI = { address: 'cli' }

type Command = {
  arity: number
  run(staff: StaffService, args: string[]): Promise<void>
}

const COMMANDS: Record<string, Command> = {
  'create-admin': {
    arity: 2,
    async run(staff, [accountName, displayName]) {
      const { setupUrl } = await staff.createAccount(null, CLI, {
        accountName: accountName!,
        displayName: displayName!,
        roles: [ROLE_ADMIN],
      })
      console.log(`已创建系统管理员“${displayName}”（${accountName}）。`)
      console.log('请在24小时内打开以下一次性链接设置密码并绑定动态验证码：')
      console.log(setupUrl)
    },
  },
  'link-oidc': {
    arity: 2,
    async run(staff, [accountName, given]) {
      const subject = OidcSubjectSchema.safeParse(given)
      if (!subject.success)
        throw new Refusal(400, subject.error.issues[0]!.message)
      const account = await staff.accountNamed(accountName!)
      await staff.setOidcSubject(null, CLI, account.id, subject.data)
      console.log(
        `账号“${account.displayName}”（${account.accountName}）已关联统一身份认证用户标识：${subject.data}`,
      )
      console.log('此人今后可用统一身份认证登录，角色仍以本系统账号为准。')
    },
  },
  'unlink-oidc': {
    arity: 1,
    async run(staff, [accountName]) {
      const account = await staff.accountNamed(accountName!)
      await staff.setOidcSubject(null, CLI, account.id, null)
      console.log(
        account.oidcSubject === null
          ? `账号“${account.displayName}”（${account.accountName}）本未关联统一身份认证。`
          : `账号“${account.displayName}”（${account.accountName}）已解除统一身份认证关联（原用户标识：${account.oidcSubject}）。`,
      )
    },
  },
}

// No default password: the person sets one and enrols the second factor through the link.
export async function runStaffCli(args: string[]): Promise<number> {
  const [name = '', ...rest] = args
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined
  if (
    !command ||
    rest.length !== command.arity ||
    rest.some((arg) => arg === '')
  ) {
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
    await command.run(staff, rest)
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
