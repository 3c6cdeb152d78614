import { describe, expect, it } from 'vitest'

import { sanitizeArticleHtml } from './sanitize-article-html.ts'

describe('sanitizeArticleHtml', () => {
  it('removes script tags together with their content', () => {
    const html = sanitizeArticleHtml(
      '<p>通知</p><script>alert("x")</script><style>p{}</style>',
    )
    expect(html).toBe('<p>通知</p>')
  })

  it('drops event handlers and javascript: links', () => {
    const html = sanitizeArticleHtml(
      '<p onclick="steal()">正文</p><a href="javascript:alert(1)">点击</a>',
    )
    expect(html).not.toMatch(/onclick|javascript/i)
    expect(html).toContain('正文')
  })

  it('opens external links in a new tab without an opener', () => {
    expect(
      sanitizeArticleHtml('<a href="https://www.mwr.gov.cn/">水利部</a>'),
    ).toBe(
      '<a href="https://www.mwr.gov.cn/" target="_blank" rel="noopener noreferrer">水利部</a>',
    )
    expect(
      sanitizeArticleHtml('<a href="/policies/list" target="_top">政策</a>'),
    ).toBe('<a href="/policies/list">政策</a>')
  })

  it('keeps images from http(s) and this site only', () => {
    const html = sanitizeArticleHtml(
      '<img src="/files/abc/a.png"><img src="https://example.gov.cn/b.png"><img src="data:image/png;base64,AAAA"><img src="//evil.example/c.png">',
    )
    expect(html).toBe(
      '<img src="/files/abc/a.png" /><img src="https://example.gov.cn/b.png" />',
    )
  })

  it('keeps the formatting an editor produces and only safe styles', () => {
    const html = sanitizeArticleHtml(
      '<h3>一、总体要求</h3><p style="text-indent: 2em; position: fixed">段落<strong>重点</strong><span style="color: #c00; background-image: url(x)">红字</span></p><table><tbody><tr><td colspan="2">表格</td></tr></tbody></table>',
    )
    expect(html).toBe(
      '<h3>一、总体要求</h3><p style="text-indent:2em">段落<strong>重点</strong><span style="color:#c00">红字</span></p><table><tbody><tr><td colspan="2">表格</td></tr></tbody></table>',
    )
  })

  it('removes iframes, forms and style expressions', () => {
    const html = sanitizeArticleHtml(
      '<iframe src="https://x"></iframe><form><input></form><p style="color: expression(alert(1))">文</p>',
    )
    expect(html).toBe('<p>文</p>')
  })
})
