import { type QueryTerm, type QueryToken } from './search-terms.ts'

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

export function ftsQueryExpression(terms: QueryTerm[]): string {
  return terms.map((term) => ftsTermExpression(term)).join(' AND ')
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
