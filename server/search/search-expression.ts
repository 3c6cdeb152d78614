import type { QueryTerm, QueryToken } from './search-terms.ts'

/**
 * Full-text expressions of parsed query terms. Every token is quoted (and its quote character
 * doubled) although terms hold only letters and digits, so no text of a visitor is ever read
 * as operator syntax; the expressions are then bound as parameters, never spliced into SQL.
 */

function ftsToken(token: QueryToken): string {
  return `"${token.text.replaceAll('"', '""')}"${token.isPrefix ? '*' : ''}`
}

/** SQLite FTS5: a term is its phrases (`"水库" + "库群"`) joined by AND. */
export function ftsTermExpression(term: QueryTerm, column?: string): string {
  const phrases = term.phrases.map((p) => p.map(ftsToken).join(' + '))
  const expression = `(${phrases.join(' AND ')})`
  return column ? `${column} : ${expression}` : expression
}

/**
 * SQLite FTS5: every term in the title or the body. The index has a column for the type too,
 * which a keyword must never match ("article" is a word a visitor may type).
 */
export function ftsQueryExpression(terms: QueryTerm[]): string {
  const all = terms.map((term) => ftsTermExpression(term)).join(' AND ')
  return `{title_terms body_terms} : (${all})`
}

/** SQLite FTS5: the entries of one search type (a key of SEARCH_TYPES). */
export function ftsTypeExpression(type: string): string {
  return `type : "${type.replaceAll('"', '""')}"`
}

function tsToken(token: QueryToken): string {
  const quoted = token.text.replaceAll('\\', '\\\\').replaceAll("'", "''")
  return `'${quoted}'${token.isPrefix ? ':*' : ''}`
}

/** PostgreSQL tsquery text: phrases with `<->`, joined by `&`. */
export function tsTermExpression(term: QueryTerm): string {
  const phrases = term.phrases.map((p) => p.map(tsToken).join(' <-> '))
  return `(${phrases.join(' & ')})`
}

export function tsQueryExpression(terms: QueryTerm[]): string {
  return terms.map(tsTermExpression).join(' & ')
}
