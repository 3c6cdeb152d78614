import type { Kysely } from 'kysely'

import type { SiteLink } from '#common/schemas/content/site-fields.ts'
import type { SiteSettings } from '#common/schemas/site.ts'
import type { Database } from '#server/db/schema.ts'

// A whole list is replaced at once, in the publication's transaction, so the public side never
// shows half of one revision and half of another.

const HOME_LINKS_ID = 1
export const SITE_SETTINGS_ID = 1

export async function replaceHomeLinks(
  db: Kysely<Database>,
  links: SiteLink[],
): Promise<number> {
  await db.deleteFrom('homeLink').execute()
  if (links.length > 0)
    await db
      .insertInto('homeLink')
      .values(links.map((link, sort) => ({ ...link, sort })))
      .execute()
  return HOME_LINKS_ID
}

/** A footer group's public id is its type (1, 6, 3, 4). */
export async function replaceFooterGroup(
  db: Kysely<Database>,
  type: number,
  links: SiteLink[],
): Promise<number> {
  await db.deleteFrom('footerLink').where('type', '=', type).execute()
  if (links.length > 0)
    await db
      .insertInto('footerLink')
      .values(
        links.map((link, sort) => ({
          type,
          title: link.title,
          address: link.url,
          sort,
        })),
      )
      .execute()
  return type
}

export function findDictionaryType(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('dictionaryType')
    .select(['id', 'type', 'name'])
    .where('id', '=', id)
    .executeTakeFirst()
}

// The type of a published dictionary never changes (the kind's check).
export async function replaceDictionary(
  db: Kysely<Database>,
  dictionary: {
    type: string
    name: string
    entries: { label: string; value: string }[]
  },
): Promise<number> {
  const { type, name, entries } = dictionary
  const registered = await db
    .insertInto('dictionaryType')
    .values({ type, name })
    .onConflict((conflict) =>
      conflict
        .column('type')
        .doUpdateSet({ name: (eb) => eb.ref('excluded.name') }),
    )
    .returning('id')
    .executeTakeFirstOrThrow()
  await db.deleteFrom('dictionary').where('type', '=', type).execute()
  if (entries.length > 0)
    await db
      .insertInto('dictionary')
      .values(entries.map((entry, sort) => ({ type, ...entry, sort })))
      .execute()
  return registered.id
}

// Its type stays registered for a new revision.
export async function clearDictionary(db: Kysely<Database>, type: string) {
  await db.deleteFrom('dictionary').where('type', '=', type).execute()
}

export async function writeSiteSettings(
  db: Kysely<Database>,
  settings: SiteSettings,
  updatedAt: string,
): Promise<number> {
  const row = { ...settings, updatedAt }
  await db
    .insertInto('siteSetting')
    .values({ id: SITE_SETTINGS_ID, ...row })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
    .execute()
  return SITE_SETTINGS_ID
}
