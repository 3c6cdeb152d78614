import { type Kysely } from 'kysely'

import {
  type Database,
  type NewDictionary,
  type NewFooterLink,
  type NewHomeLink,
} from '#server/db/schema.ts'

export function findDictionary(db: Kysely<Database>, type: string) {
  return db
    .selectFrom('dictionary')
    .select(['label', 'value'])
    .where('type', '=', type)
    .orderBy('sort')
    .orderBy('value')
    .execute()
}

export function findHomeLinks(db: Kysely<Database>) {
  return db
    .selectFrom('homeLink')
    .select(['id', 'title', 'url'])
    .orderBy('sort')
    .orderBy('id')
    .execute()
}

export function findFooterLinks(db: Kysely<Database>, type: number) {
  return db
    .selectFrom('footerLink')
    .select(['title', 'address'])
    .where('type', '=', type)
    .orderBy('sort')
    .orderBy('id')
    .execute()
}

/** Adds the entries that are not there yet; present ones are kept as they are. */
export async function insertMissingDictionaryEntries(
  db: Kysely<Database>,
  rows: NewDictionary[],
): Promise<void> {
  await db
    .insertInto('dictionary')
    .values(rows)
    .onConflict((conflict) => conflict.doNothing())
    .execute()
}

export async function insertSiteLinks(
  db: Kysely<Database>,
  rows: {
    footer: NewFooterLink[]
    home: NewHomeLink[]
    dictionary: NewDictionary[]
  },
): Promise<void> {
  if (rows.footer.length > 0)
    await db.insertInto('footerLink').values(rows.footer).execute()
  if (rows.home.length > 0)
    await db.insertInto('homeLink').values(rows.home).execute()
  if (rows.dictionary.length > 0)
    await db.insertInto('dictionary').values(rows.dictionary).execute()
}
