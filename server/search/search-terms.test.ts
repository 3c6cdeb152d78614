import { describe, expect, it } from 'vitest'

import { ftsQueryExpression, tsQueryExpression } from './search-expression.ts'
import { highlightTitle, snippetOf } from './search-highlight.ts'
import { parseSearchQuery, toIndexTerms } from './search-terms.ts'

describe('search terms', () => {
  it('indexes Han runs as overlapping pairs and their last character, other words whole', () => {
    expect(toIndexTerms('青年水库，ＧＢ/T 50268！')).toBe(
      '青年 年水 水库 库 gb t 50268',
    )
    expect(toIndexTerms('第10日内')).toBe('第 10 日内 内')
    expect(toIndexTerms('"*:;--%_\\')).toBe('')
  })

  it('turns keywords into quoted phrases that no input can turn into syntax', () => {
    const terms = parseSearchQuery(`水库群 水 gb" OR 'x'; --`)
    expect(ftsQueryExpression(terms)).toBe(
      '{title_terms body_terms} : (("水库" + "库群") AND ("水"*) AND ("gb"*) AND ("or"*) AND ("x"*))',
    )
    expect(tsQueryExpression(terms)).toBe(
      "('水库' <-> '库群') & ('水':*) & ('gb':*) & ('or':*) & ('x':*)",
    )
    expect(parseSearchQuery(' \u3000 %_ ')).toEqual([])
  })

  it('escapes text before marking it', () => {
    const terms = parseSearchQuery('水库')
    expect(highlightTitle('<b>水库</b> & "水库"', terms)).toBe(
      '&lt;b&gt;<mark>水库</mark>&lt;/b&gt; &amp; &quot;<mark>水库</mark>&quot;',
    )
    const body = `${'前'.repeat(200)}水库${'后'.repeat(200)}`
    const snippet = snippetOf(body, terms)
    expect(snippet).toMatch(/^…前+<mark>水库<\/mark>后+…$/)
    expect(snippet.replace(/<\/?mark>/g, '').length).toBeLessThanOrEqual(122)
  })
})
