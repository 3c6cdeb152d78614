import { createHash } from 'node:crypto'

import type { Kysely } from 'kysely'

import {
  EXCLUSIVE_ROLE_PAIRS,
  STAFF_ROLES,
  type StaffRole,
} from '#common/constants/staff.ts'
import type { Database, StaffAccountRow } from '#server/db/schema.ts'
import {
  createMemoryStore,
  type ExpiringStore,
} from '#server/shared/expiring-store.ts'
import type { MailSender } from '#server/shared/mail-sender.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import type { SmsSender } from '#server/shared/sms-sender.ts'
import { Refusal } from '#server/shared/refusal.ts'

import { secretBox } from '../secret-box.ts'
import { signInThrottle } from '../sign-in-throttle.ts'
import * as repo from '../staff-repository.ts'

export type StaffActor = {
  accountId: number
  accountName: string
  displayName: string
  // For a token, its scope within the person's current roles.
  roles: StaffRole[]
  via: 'session' | 'token'
  sessionIdHash?: string
  csrfToken?: string
  // How long until the session's 12 hours are up, as of this request.
  sessionEndsInMs?: number
  tokenId?: number
}

// Fastify's request.ip: TRUST_PROXY decides which address.
export type RequestPlace = { address: string }

export type AuditNote = {
  actor: Pick<StaffActor, 'accountId' | 'accountName' | 'roles'> | null
  // Who the entry is about when no actor is known (a failed sign-in's account name).
  accountName?: string
  address: string
  action: string
  target?: string
  outcome?: 'ok' | 'refused'
  detail?: Record<string, unknown>
}

export type StaffServiceOptions = {
  db: Kysely<Database>
  secretKey: string
  publicBaseUrl: string
  now?: () => Date
  // Where sign-in failures are counted: Redis with REDIS_URL, so every process counts together.
  throttleStore?: ExpiringStore
  // What carries the codes that confirm a person's e-mail address and mobile number.
  mail?: MailSender
  sms?: SmsSender
}

export function createStaffContext({
  db,
  secretKey,
  publicBaseUrl,
  now = () => new Date(),
  throttleStore = createMemoryStore({ now: () => now().getTime() }),
  mail,
  sms,
}: StaffServiceOptions) {
  return {
    db,
    box: secretBox(secretKey),
    contactCodeKey: createHash('sha256')
      .update(`staff-contact:${secretKey}`)
      .digest(),
    mail,
    sms,
    publicBaseUrl,
    now,
    stamp: () => toShanghaiText(now()),
    throttle: signInThrottle(throttleStore, now),
    // A hash of a random text, so an unknown account name costs as much as a real one.
    dummyHash: undefined as Promise<string> | undefined,
  }
}

export type StaffContext = ReturnType<typeof createStaffContext>

export function checkRoles(roles: StaffRole[]): StaffRole[] {
  const unique = [...new Set(roles)]
  for (const role of unique)
    if (!STAFF_ROLES.includes(role))
      throw new Refusal(400, `没有“${role}”这个角色`)
  for (const [a, b] of EXCLUSIVE_ROLE_PAIRS)
    if (unique.includes(a) && unique.includes(b))
      throw new Refusal(409, `“${a}”与“${b}”不能由同一人兼任`)
  return STAFF_ROLES.filter((role) => unique.includes(role))
}

// The built-in system accounts (the author and reviewer of content that existed before the
// review workflow) are nobody's: unknown here, so no one manages, links or signs in with them.
export async function accountOrRefuse(
  context: StaffContext,
  id: number,
): Promise<StaffAccountRow> {
  const { db } = context
  const account = await repo.findAccountById(db, id)
  if (!account || account.isSystem) throw new Refusal(404, '该账号不存在')
  return account
}

export async function describe(
  context: StaffContext,
  account: StaffAccountRow,
) {
  const { db } = context
  return {
    id: account.id,
    accountName: account.accountName,
    displayName: account.displayName,
    roles: await repo.rolesOf(db, account.id),
    isEnrolled: account.isEnrolled === 1,
    isDisabled: account.isDisabled === 1,
    failedSignIns: account.failedTries,
    oidcSubject: account.oidcSubject,
    createdAt: account.createdAt,
    updatedAt: account.updatedAt,
  }
}
