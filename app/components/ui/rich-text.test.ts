import { describe, expect, it } from 'vitest'

import { nestHeadings, wrapTables } from './rich-text.tsx'

const region = (name: string) =>
  `<div class="portal-table-scroll" role="region" tabindex="0" aria-label="${name}">`

describe('tables in sanitized HTML', () => {
  it('puts each table in its own focusable region, named by its place on the page', () => {
    const html =
      '<p>开标记录如下：</p><table><tr><td>2,140,500.00</td></tr></table><p>中</p><table><tr><td>1</td></tr></table>'
    expect(wrapTables(html)).toBe(
      `<p>开标记录如下：</p>${region('表格1')}<table><tr><td>2,140,500.00</td></tr></table></div><p>中</p>${region('表格2')}<table><tr><td>1</td></tr></table></div>`,
    )
  })

  it('names a region by the table caption, text only', () => {
    const html =
      '<table style="width:100%"><caption>投标报价<b>（元）</b> & "说明"</caption><tr><td>1</td></tr></table>'
    expect(wrapTables(html)).toBe(
      `${region('投标报价（元） &amp; &quot;说明&quot;')}${html}</div>`,
    )
  })

  it('wraps only the outermost table and leaves HTML without tables as it is', () => {
    const nested =
      '<TABLE><tr><td><table><tr><td>内</td></tr></table></td></tr></TABLE>'
    expect(wrapTables(nested)).toBe(`${region('表格1')}${nested}</div>`)
    expect(wrapTables('<p>无表格</p>')).toBe('<p>无表格</p>')
    expect(wrapTables('<p>未闭合</p><table><tr><td>1')).toBe(
      '<p>未闭合</p><table><tr><td>1',
    )
  })
})

describe('headings in sanitized HTML', () => {
  it('places them under the page title, without gaps, keeping their tags', () => {
    expect(
      nestHeadings('<h3>一、培训对象</h3><p>x</p><H3 class="a">二</H3>'),
    ).toBe(
      '<h3 aria-level="2">一、培训对象</h3><p>x</p><H3 aria-level="2" class="a">二</H3>',
    )
    expect(nestHeadings('<h1>题</h1><h4>节</h4><h5>条</h5>')).toBe(
      '<h1 aria-level="2">题</h1><h4 aria-level="3">节</h4><h5 aria-level="4">条</h5>',
    )
  })

  it('leaves headings that already follow the page title, and other tags, as they are', () => {
    const html = '<h2>一</h2><h3>二</h3><header>页眉</header><hr>'
    expect(nestHeadings(html)).toBe(html)
  })
})
