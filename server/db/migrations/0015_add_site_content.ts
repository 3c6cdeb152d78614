import type { Kysely } from 'kysely'

import { databaseEngine } from '../database-engine.ts'

// The home links, the footer link groups, the dictionaries and the site settings become kinds of
// the content workflow (server/content, migrations 0013 and 0014): written as revisions,
// reviewed, then published into the public tables the pages and the Portal API read.
//
// - `site_setting`: one row (id 1), what every page shows of who runs the site. Every database
//   starts with the values the portal had as constants, published as an item.
// - `dictionary_type`: a dictionary's type and name with an id of its own, the public id of its
//   item (the entries' table has none).
// - An older database's home links, footer groups (1, 6, 3, 4) and dictionaries become items
//   whose revision 1 is published by the built-in accounts of 0013: one item for the home links,
//   one per group, one per dictionary type. Their fields follow the rules of this migration's
//   schemas (an address that is no http(s) one is left out, a text too long is cut), and the
//   public rows are written again from those fields, so they show exactly what the item holds.
//   A fresh database has none: the seed goes through the workflow itself.

/** The site settings as the constants had them (common/constants/site.ts). */
const SETTINGS = {
  platformName: '水利工程招标投标在线监督平台',
  serviceHotline: '400-9955-015',
  guidanceUnit: '自治区水利厅',
  technicalSupport: '新疆水利信息技术服务有限公司',
  externalLoginUrl: 'https://uia.slt.xinjiang.gov.cn/login',
  studySiteUrl: 'https://study.slt.xinjiang.gov.cn/',
}

const FOOTER_GROUPS: [type: number, label: string][] = [
  [1, '国家部委'],
  [6, '省级水利厅（局）'],
  [3, '地州市交易中心'],
  [4, '其他网站'],
]

/**
 * Dictionaries whose values the portal reads, as of this migration: an item keeps exactly these
 * values (common/constants/site.ts, CODED_DICTIONARIES); a value an older database lacks is
 * added with this label, one the portal does not know is left out.
 */
const CODED: Record<string, { name: string; entries: [string, string][] }> = {
  complaint_type: {
    name: '投诉类型',
    entries: [
      ['bid_documents', '对招标文件的投诉'],
      ['prequalification_documents', '对资格预审文件的投诉'],
      ['prequalification_result', '对资格预审结果的投诉'],
      ['evaluation_result', '对评标结果的投诉'],
      ['opening', '对开标过程的投诉'],
      ['other', '其他'],
    ],
  },
  complainant_role: {
    name: '投诉人身份',
    entries: [
      ['tenderer', '招标人'],
      ['agency', '招标代理机构'],
      ['bidder', '投标人'],
      ['committee', '评标委员会'],
      ['other', '其他'],
    ],
  },
  complainant_type: {
    name: '投诉人类型',
    entries: [
      ['legal_person', '法人'],
      ['organization', '其他组织'],
      ['natural_person', '自然人'],
    ],
  },
  region: {
    name: '所属地区',
    entries: [
      ['650000', '自治区本级'],
      ['650100', '乌鲁木齐市'],
      ['650200', '克拉玛依市'],
      ['650400', '吐鲁番市'],
      ['650500', '哈密市'],
      ['652300', '昌吉回族自治州'],
      ['652700', '博尔塔拉蒙古自治州'],
      ['652800', '巴音郭楞蒙古自治州'],
      ['652900', '阿克苏地区'],
      ['653000', '克孜勒苏柯尔克孜自治州'],
      ['653100', '喀什地区'],
      ['653200', '和田地区'],
      ['654000', '伊犁哈萨克自治州'],
      ['654200', '塔城地区'],
      ['654300', '阿勒泰地区'],
    ],
  },
}
/** The names of the other dictionaries the portal has had. */
const NAMES: Record<string, string> = { project_type: '项目类型' }

const time = 'varchar(19)'
const LINK_TITLE_MAX = 100
const URL_MAX = 500
const DICTIONARY_TEXT_MAX = 100

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  const serialType = databaseEngine(db) === 'postgres' ? 'serial' : 'integer'
  await db.schema
    .createTable('site_setting')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('platform_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('service_hotline', 'varchar(20)', (c) => c.notNull())
    .addColumn('guidance_unit', 'varchar(100)', (c) => c.notNull())
    .addColumn('technical_support', 'varchar(100)', (c) => c.notNull())
    .addColumn('external_login_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('study_site_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('dictionary_type')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('type', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .execute()

  const accounts = await db
    .selectFrom('staffAccount')
    .select(['id', 'accountName'])
    .where('isSystem', '=', 1)
    .execute()
  const idOf = (name: string) =>
    accounts.find((account) => account.accountName === name)?.id as number
  const people = {
    authorId: idOf('system:content-author'),
    reviewerId: idOf('system:content-reviewer'),
  }
  const at = currentShanghaiTime()
  await seedSettings(db, people, at)
  await backfillHomeLinks(db, people, at)
  await backfillFooterGroups(db, people, at)
  await backfillDictionaries(db, people, at)
}

function currentShanghaiTime(): string {
  return new Date(Date.now() + 8 * 3_600_000)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ')
}

type People = { authorId: number; reviewerId: number }
type Published = {
  kind: string
  publicId: number
  uniqueKey: string
  title: string
  categoryId: number | null
  fields: Record<string, unknown>
}

/** An item whose revision 1 is published by the built-in accounts at `at`. */
async function insertPublished(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  db: Kysely<any>,
  { authorId, reviewerId }: People,
  at: string,
  row: Published,
) {
  const item = await db
    .insertInto('content_item')
    .values({
      kind: row.kind,
      publicId: row.publicId,
      uniqueKey: row.uniqueKey,
      itemState: 'published',
      latestRevisionNo: 1,
      publishedRevisionNo: 1,
      firstPublishedAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('content_revision')
    .values({
      itemId: item.id,
      revisionNo: 1,
      version: 1,
      state: 'published',
      title: row.title,
      categoryId: row.categoryId,
      fields: JSON.stringify(row.fields),
      authorId,
      editorIds: `,${authorId},`,
      submittedAt: at,
      reviewerId,
      reviewedAt: at,
      publishedAt: at,
      publisherId: reviewerId,
      createdAt: at,
      updatedAt: at,
    })
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function seedSettings(db: Kysely<any>, people: People, at: string) {
  await db
    .insertInto('site_setting')
    .values({ id: 1, ...SETTINGS, updatedAt: at })
    .execute()
  await insertPublished(db, people, at, {
    kind: 'siteSettings',
    publicId: 1,
    uniqueKey: 'site',
    title: '站点设置',
    categoryId: null,
    fields: SETTINGS,
  })
}

// What the fields' schemas accept, as of this migration (common/schemas/content.ts).
const isWebUrl = (value: string) => {
  if (!/^https?:\/\/[^\s<>"'`\\]+$/i.test(value)) return false
  try {
    return new URL(value).hostname !== ''
  } catch {
    return false
  }
}
const isSitePath = (value: string) => /^\/(?![/\\])[^\s<>"'`\\]*$/.test(value)
const text = (value: unknown, max: number) =>
  String(value ?? '')
    .trim()
    .slice(0, max) || '（未填写）'

/** The links the item keeps: valid addresses, each once, in their order. */
function linksOf(rows: { title: string; url: string }[], max: number) {
  const links: { title: string; url: string }[] = []
  for (const row of rows) {
    const url = String(row.url ?? '').trim()
    if (url.length > URL_MAX || !(isWebUrl(url) || isSitePath(url))) continue
    if (links.some((link) => link.url === url)) continue
    links.push({ title: text(row.title, LINK_TITLE_MAX), url })
  }
  return links.slice(0, max)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function backfillHomeLinks(db: Kysely<any>, people: People, at: string) {
  const rows = await db
    .selectFrom('homeLink')
    .select(['title', 'url'])
    .orderBy('sort')
    .orderBy('id')
    .execute()
  if (rows.length === 0) return
  const links = linksOf(rows, 30)
  await db.deleteFrom('homeLink').execute()
  if (links.length === 0) return
  await db
    .insertInto('homeLink')
    .values(links.map((link, sort) => ({ ...link, sort })))
    .execute()
  await insertPublished(db, people, at, {
    kind: 'homeLinks',
    publicId: 1,
    uniqueKey: 'home',
    title: '首页链接',
    categoryId: null,
    fields: { links },
  })
}

async function backfillFooterGroups(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  db: Kysely<any>,
  people: People,
  at: string,
) {
  for (const [type, label] of FOOTER_GROUPS) {
    const rows = await db
      .selectFrom('footerLink')
      .select(['title', 'address as url'])
      .where('type', '=', type)
      .orderBy('sort')
      .orderBy('id')
      .execute()
    if (rows.length === 0) continue
    const links = linksOf(rows, 40)
    await db.deleteFrom('footerLink').where('type', '=', type).execute()
    if (links.length === 0) continue
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
    await insertPublished(db, people, at, {
      kind: 'footerLinks',
      publicId: type,
      uniqueKey: String(type),
      title: `页脚链接：${label}`,
      categoryId: type,
      fields: { type, links },
    })
  }
}

/** Each dictionary type: the entries the item keeps, every value once, in their order. */
function entriesOf(
  type: string,
  rows: { label: string; value: string }[],
): { label: string; value: string }[] {
  const coded = CODED[type]
  if (coded)
    return coded.entries.map(([value, label]) => ({
      value,
      label: text(
        rows.find((row) => String(row.value).trim() === value)?.label ?? label,
        DICTIONARY_TEXT_MAX,
      ),
    }))
  const entries: { label: string; value: string }[] = []
  for (const row of rows) {
    const value = String(row.value ?? '').trim()
    if (!value || value.length > DICTIONARY_TEXT_MAX) continue
    if (entries.some((entry) => entry.value === value)) continue
    entries.push({ value, label: text(row.label, DICTIONARY_TEXT_MAX) })
  }
  return entries.slice(0, 300)
}

async function backfillDictionaries(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  db: Kysely<any>,
  people: People,
  at: string,
) {
  const types = await db
    .selectFrom('dictionary')
    .select('type')
    .distinct()
    .orderBy('type')
    .execute()
  for (const { type } of types as { type: string }[]) {
    // A type the editor could not write is left as it is (none the portal ever had).
    if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(type)) continue
    const rows = await db
      .selectFrom('dictionary')
      .select(['label', 'value'])
      .where('type', '=', type)
      .orderBy('sort')
      .orderBy('value')
      .execute()
    const entries = entriesOf(type, rows)
    await db.deleteFrom('dictionary').where('type', '=', type).execute()
    if (entries.length === 0) continue
    await db
      .insertInto('dictionary')
      .values(entries.map((entry, sort) => ({ type, ...entry, sort })))
      .execute()
    const name = CODED[type]?.name ?? NAMES[type] ?? type
    const registered = await db
      .insertInto('dictionaryType')
      .values({ type, name })
      .returning('id')
      .executeTakeFirstOrThrow()
    await insertPublished(db, people, at, {
      kind: 'dictionary',
      publicId: Number(registered.id),
      uniqueKey: type,
      title: `数据字典：${name}（${type}）`,
      categoryId: null,
      fields: { type, name, entries },
    })
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  const kinds = ['homeLinks', 'footerLinks', 'dictionary', 'siteSettings']
  const items = db
    .selectFrom('content_item')
    .select('id')
    .where('kind', 'in', kinds)
  await db.deleteFrom('content_revision').where('itemId', 'in', items).execute()
  await db.deleteFrom('content_item').where('kind', 'in', kinds).execute()
  await db.schema.dropTable('dictionary_type').ifExists().execute()
  await db.schema.dropTable('site_setting').ifExists().execute()
}
