import { type Generated, type Insertable, type Selectable } from 'kysely'

/**
 * The database as Kysely sees it (camelCase here, snake_case in SQL through CamelCasePlugin).
 * Flags are integers 0/1 on both engines: SQLite has no boolean type and better-sqlite3
 * refuses to bind JS booleans. Times are text 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai local
 * time (see publish-time.ts): they sort and compare as text identically on both engines.
 */
export interface Database {
  article: ArticleTable
  file: FileTable
  articleFile: ArticleFileTable
  footerLink: FooterLinkTable
  homeLink: HomeLinkTable
  dictionary: DictionaryTable
}

export interface ArticleTable {
  id: Generated<number>
  categoryId: number
  title: string
  summary: string
  /** Sanitized HTML (sanitize-article-html.ts), never raw input. */
  content: string
  source: string
  author: string
  coverFileId: string | null
  isRotation: number
  isPublished: number
  publishTime: string
  views: Generated<number>
  /** Title, summary and body cut into words by Intl.Segmenter, joined by spaces. */
  searchText: string
  createdAt: string
  updatedAt: string
}

export interface FileTable {
  /** Random and url-safe: file urls cannot be guessed from one another. */
  id: string
  name: string
  mime: string
  size: number
  storageKey: string
  sha256: string
  createdAt: string
}

export interface ArticleFileTable {
  articleId: number
  fileId: string
  sort: number
}

export interface FooterLinkTable {
  id: Generated<number>
  type: number
  title: string
  address: string
  sort: number
}

export interface HomeLinkTable {
  id: Generated<number>
  title: string
  url: string
  sort: number
}

export interface DictionaryTable {
  type: string
  label: string
  value: string
  sort: number
}

export type ArticleRow = Selectable<ArticleTable>
export type NewArticle = Insertable<ArticleTable>
export type FileRow = Selectable<FileTable>
export type NewFile = Insertable<FileTable>
export type NewArticleFile = Insertable<ArticleFileTable>
export type FooterLinkRow = Selectable<FooterLinkTable>
export type NewFooterLink = Insertable<FooterLinkTable>
export type HomeLinkRow = Selectable<HomeLinkTable>
export type NewHomeLink = Insertable<HomeLinkTable>
export type DictionaryRow = Selectable<DictionaryTable>
export type NewDictionary = Insertable<DictionaryTable>
