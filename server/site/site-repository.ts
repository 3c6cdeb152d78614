import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'

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
