import type { QueryTerm, QueryToken } from './search-terms.ts'

// Every token is quoted although terms hold only letters and digits, so no text of a visitor
// is ever read as operator syntax.

function ftsToken(token: QueryToken): string {
  return `"${token.text.replaceAll('"', '""')}"${token.isPrefix ? '*' : ''}`
}

export function ftsTermExpression(term: QueryTerm, column?: string): string {
  const phrases = term.phrases.map((p) => p.map(ftsToken).join(' + '))
  const expression = `(${phrases.join(' AND ')})`
  return column ? `${column} : ${expression}` : expression
}

// The index has a column for the type too, which a keyword must never match ("article").
export function ftsQueryExpression(terms: QueryTerm[]): string {
  const all = terms.map((term) => ftsTermExpression(term)).join(' AND ')
  return `{title_terms body_terms} : (${all})`
}

export function ftsTypeExpression(type: string): string {
  return `type : "${type.replaceAll('"', '""')}"`
}

function tsToken(token: QueryToken): string {
  const quoted = token.text.replaceAll('\\', '\\\\').replaceAll("'", "''")
  return `'${quoted}'${token.isPrefix ? ':*' : ''}`
}

export function tsTermExpression(term: QueryTerm): string {
  const phrases = term.phrases.map((p) => p.map(tsToken).join(' <-> '))
  return `(${phrases.join(' & ')})`
}

export function tsQueryExpression(terms: QueryTerm[]): string {
  return terms.map(tsTermExpression).join(' & ')
}
