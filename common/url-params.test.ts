import { describe, expect, it } from 'vitest'

import { choiceParam, dayParam, intParam, textParam } from './url-params.ts'

describe('reading a list page URL leniently', () => {
  it('takes a page number only when it is a whole number in range', () => {
    expect(intParam('3')).toBe(3)
    expect(intParam(' 12 ')).toBe(12)
    for (const bad of [
      null,
      undefined,
      '',
      '0',
      '-2',
      '2.5',
      'abc',
      '10001',
      '1e9',
    ])
      expect(intParam(bad)).toBe(1)
    expect(intParam('10000')).toBe(10_000)
    expect(intParam('7', { max: 5, fallback: 2 })).toBe(2)
  })

  it('trims text and drops text longer than allowed', () => {
    expect(textParam('  水利  ')).toBe('水利')
    expect(textParam(null)).toBe('')
    expect(textParam('x'.repeat(100))).toBe('x'.repeat(100))
    expect(textParam('x'.repeat(101))).toBe('')
    expect(textParam('abcd', 3)).toBe('')
  })

  it('keeps a choice only from the allowed ones', () => {
    expect(choiceParam('week', ['all', 'week'], 'all')).toBe('week')
    expect(choiceParam('year', ['all', 'week'], 'all')).toBe('all')
    expect(choiceParam(null, ['a'], '')).toBe('')
    // Not a prototype property or a near miss.
    expect(choiceParam('toString', ['a'], '')).toBe('')
    expect(choiceParam('Week', ['week'], '')).toBe('')
  })

  it('keeps a day only when written YYYY-MM-DD', () => {
    expect(dayParam('2026-11-24')).toBe('2026-11-24')
    for (const bad of ['2026-1-24', '24/11/2026', '2026-11-24x', '', null])
      expect(dayParam(bad)).toBe('')
  })
})
