import { describe, expect, it } from 'vitest'

import { plainTextToHtml } from './plain-text-html.ts'

describe('plainTextToHtml', () => {
  it('keeps the characters HTML would read as markup', () => {
    expect(plainTextToHtml('业绩<3项 & 资格>"甲级"')).toBe(
      '<p>业绩&lt;3项 &amp; 资格&gt;&quot;甲级&quot;</p>',
    )
  })

  it('keeps each line, an empty one too, and nothing typed stays nothing', () => {
    expect(plainTextToHtml('第一段\n\n第二段')).toBe(
      '<p>第一段</p><p>&nbsp;</p><p>第二段</p>',
    )
    expect(plainTextToHtml('')).toBe('')
  })
})
