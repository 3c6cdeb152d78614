import { describe, expect, it } from 'vitest'

import { outsideImageSource } from './html-images.ts'

describe('outsideImageSource', () => {
  it.each([
    [
      '<p><img src="https://img.example.com/a.png"></p>',
      'https://img.example.com/a.png',
    ],
    [
      "<IMG alt='x' SRC='http://img.example.com/a.png'>",
      'http://img.example.com/a.png',
    ],
    ['<img src=//img.example.com/a.png>', '//img.example.com/a.png'],
    ['<img src="/\\img.example.com/a.png">', '/\\img.example.com/a.png'],
    [
      '<img src="ht\ttps://img.example.com/a.png">',
      'ht\ttps://img.example.com/a.png',
    ],
    [
      '<img src="/files/AAAAAAAAAAAAAAAA/a.png"><img src="ftp://x/a.png">',
      'ftp://x/a.png',
    ],
  ])('names the outside picture of %s', (html, source) => {
    expect(outsideImageSource(html)).toBe(source)
  })

  it.each([
    '<p>https://example.com/a.png 不是图片</p><a href="https://example.com">链接</a>',
    '<img src="/files/AAAAAAAAAAAAAAAA/a.png" alt="现场">',
    '<img data-src="https://example.com/a.png" src="/files/AAAAAAAAAAAAAAAA/a.png">',
    '<img src="data:image/png;base64,iVBORw0KGgo=">',
    '<img alt="无地址">',
  ])('lets %s pass', (html) => {
    expect(outsideImageSource(html)).toBeNull()
  })

  // A scan from each "<img" to the end would take minutes here, past the test's time limit.
  it('reads 200,000 characters of unclosed <img in one pass', () => {
    const html = '<img '.repeat(40_000)
    expect(outsideImageSource(html)).toBeNull()
    expect(
      outsideImageSource(`${'<img src="/a.png">'.repeat(10_000)}<img src=//x>`),
    ).toBe('//x')
  })
})
