import { describe, expect, it } from 'vitest'

import { htmlToText, htmlToTextPrefix } from './search-text.ts'

describe('the text of a body, as far as it is needed', () => {
  const bodies = [
    '<p>第一标段</p>'.repeat(16_000),
    `<p>${'水库&amp;堤防&nbsp;'.repeat(3_000)}</p>`,
    `${'<table><tr><td colspan="2">中标价</td><td>36,100,000.00元</td></tr></table>\n\n'.repeat(2_000)}`,
    '短正文',
    `<p>x</p>${'甲 < 乙 '.repeat(5_000)}`,
    `<p>x</p>${'甲 < 乙 '.repeat(5_000)}<br>${'丙'.repeat(20_000)}`,
    `<p>${'a'.repeat(500)}</p><script>var s = "${'x'.repeat(5_000)}"</script><p>${'b'.repeat(50_000)}</p>`,
  ]

  it.each([1, 120, 121, 16_000, 100_000])(
    'gives the first %i characters of the whole conversion, whatever the body',
    (length) => {
      for (const html of bodies)
        expect(htmlToTextPrefix(html, length)).toBe(
          htmlToText(html).slice(0, length),
        )
    },
  )

  it('gives the same at every cut of a body whose tags and entities fall anywhere', () => {
    const html = '<p class="正文">甲&amp;乙</p><br/>'.repeat(400)
    const whole = htmlToText(html)
    for (let length = 1; length < 200; length++)
      expect(htmlToTextPrefix(html, length)).toBe(whole.slice(0, length))
  })
})
