import { describe, expect, it } from 'vitest'

import { htmlShapeProblem } from './html-shape.ts'

describe('the shape of HTML taken from outside', () => {
  it('takes a long notice with tables in lists', () => {
    const row =
      '<tr><td><p><strong>标段一</strong></p></td><td>1,234.56万元</td></tr>'
    const table = `<table><tbody>${row.repeat(200)}</tbody></table>`
    const html = `<h2>中标结果</h2><ol><li><blockquote>${table}</blockquote></li></ol><br/><img src="/files/a/b.png">`
    expect(htmlShapeProblem(html.repeat(3), '正文', 20_000)).toBeNull()
  })

  it('refuses nesting deeper than 100, however it is closed later', () => {
    expect(htmlShapeProblem('<b>'.repeat(101), '正文', 20_000)).toBe(
      '正文的格式嵌套过深（超过100层），请清除格式后重新粘贴或输入',
    )
    expect(
      htmlShapeProblem(
        '<div>'.repeat(100) + '</div>'.repeat(100),
        '正文',
        20_000,
      ),
    ).toBeNull()
  })

  it('refuses more elements than the field allows, void ones included', () => {
    expect(
      htmlShapeProblem('<br>'.repeat(5_001), '投诉事项及事实依据', 5_000),
    ).toBe(
      '投诉事项及事实依据的格式元素过多（超过5000个），请简化格式或拆分后提交',
    )
  })

  it('reads "<" that opens no tag as text', () => {
    expect(
      htmlShapeProblem('<'.repeat(50_000) + '<b'.repeat(1000), '正文', 10),
    ).toBeNull()
  })
})
