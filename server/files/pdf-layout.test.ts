import { describe, expect, it } from 'vitest'

import { wrapText } from './pdf-layout.ts'

// One unit per character, so a width of 4 holds four characters.
const measure = () => 1

describe('wrapText', () => {
  it('breaks Chinese between any two characters at the width', () => {
    expect(wrapText('投诉事项及事实依据', 4, measure)).toEqual([
      '投诉事项',
      '及事实依',
      '据',
    ])
  })

  it('never starts a line with a closing mark: the character before moves down with it', () => {
    expect(wrapText('请求复核，责令重评。', 4, measure)).toEqual([
      '请求复',
      '核，责令',
      '重评。',
    ])
  })
})
