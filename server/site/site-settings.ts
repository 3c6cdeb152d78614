import type { Kysely } from 'kysely'

import { SITE_SETTING_DEFAULTS } from '#common/constants/site.ts'
import type { SiteSettings } from '#common/schemas/site.ts'
import type { Database } from '#server/db/schema.ts'

import { SITE_SETTINGS_ID } from './site-writer.ts'

// The defaults on a database before migration 0015.
export async function findSiteSettings(
  db: Kysely<Database>,
): Promise<SiteSettings> {
  const row = await db
    .selectFrom('siteSetting')
    .select([
      'platformName',
      'serviceHotline',
      'guidanceUnit',
      'technicalSupport',
      'externalLoginUrl',
      'studySiteUrl',
    ])
    .where('id', '=', SITE_SETTINGS_ID)
    .executeTakeFirst()
  return row ?? { ...SITE_SETTING_DEFAULTS }
}

type SiteSettingsRead = {
  read(): Promise<SiteSettings>
  clear(): void
}

// Every page shows them. Without Redis another process sees a publication within the TTL.
export function createSiteSettingsRead(
  db: Kysely<Database>,
  {
    ttlMs = 10_000,
    now = () => new Date(),
  }: { ttlMs?: number; now?: () => Date } = {},
): SiteSettingsRead {
  let held: { expires: number; value: Promise<SiteSettings> } | null = null
  return {
    read() {
      if (held && held.expires > now().getTime()) return held.value
      const entry = {
        expires: now().getTime() + ttlMs,
        value: findSiteSettings(db),
      }
      held = entry
      // A failed read is not remembered: the next page tries again.
      entry.value.catch(() => {
        if (held === entry) held = null
      })
      return entry.value
    },
    clear() {
      held = null
    },
  }
}
