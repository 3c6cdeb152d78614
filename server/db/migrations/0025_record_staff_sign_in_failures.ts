import type { Kysely } from 'kysely'

// Wrong sign-ins no longer lock an account (docs/decisions/0069-throttle-sign-ins-not-lock-
// accounts.md): `locked_until` goes, and `failed_tries` counts the failures since the last
// sign-in, which the person is told of with the time and address of the latest one.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('staff_account')
    .dropColumn('locked_until')
    .execute()
  await db.schema
    .alterTable('staff_account')
    .addColumn('last_failed_at', 'bigint')
    .execute()
  await db.schema
    .alterTable('staff_account')
    .addColumn('last_failed_address', 'varchar(64)')
    .execute()
  await db.updateTable('staff_account').set({ failed_tries: 0 }).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('staff_account')
    .dropColumn('last_failed_address')
    .execute()
  await db.schema
    .alterTable('staff_account')
    .dropColumn('last_failed_at')
    .execute()
  await db.schema
    .alterTable('staff_account')
    .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
}
