import { describe, expect, it } from 'vitest'

import {
  normalizeFileRecord,
  normalizeOptions,
  normalizePage,
} from './normalize.ts'

const file = {
  id: '7',
  name: '招标文件.pdf',
  url: '/files/7/a.pdf',
  type: 1 as const,
}

describe('normalizeFileRecord', () => {
  it('prefers fullurl over url', () => {
    const result = normalizeFileRecord({
      ...file,
      fullurl: 'https://cdn.example/7/a.pdf',
    })
    expect(result.fullurl).toBe('https://cdn.example/7/a.pdf')
  })

  it('takes full_url when fullurl is missing', () => {
    const result = normalizeFileRecord({
      ...file,
      full_url: 'https://cdn.example/7/b.pdf',
    })
    expect(result.fullurl).toBe('https://cdn.example/7/b.pdf')
  })

  it('falls back to url and keeps the other fields', () => {
    expect(normalizeFileRecord({ ...file, fullurl: '', isSign: true })).toEqual(
      {
        ...file,
        isSign: true,
        fullurl: '/files/7/a.pdf',
      },
    )
  })
})

describe('normalizeOptions', () => {
  const expected = [
    { label: '招标人', value: '1' },
    { label: '投标人', value: '3' },
  ]

  it('reads a dictionary Table of Label and Value', () => {
    const table = {
      Table: [
        { Label: '招标人', Value: '1' },
        { Label: '投标人', Value: '3' },
      ],
    }
    expect(normalizeOptions(table)).toEqual(expected)
  })

  it('reads a bare list of Label and Value, turning numbers into text', () => {
    expect(
      normalizeOptions([
        { Label: '招标人', Value: 1 },
        { Label: '投标人', Value: 3 },
      ]),
    ).toEqual(expected)
  })

  it('reads a list of label and value', () => {
    expect(normalizeOptions(expected)).toEqual(expected)
  })

  it('gives no options for an answer of another shape', () => {
    expect(normalizeOptions(null)).toEqual([])
    expect(normalizeOptions({ list: expected })).toEqual([])
    expect(normalizeOptions([null, { Value: '2' }])).toEqual([])
  })
})

describe('normalizePage', () => {
  it('reads Table and Total', () => {
    expect(normalizePage({ Table: [{ id: 1 }], Total: 31 })).toEqual({
      items: [{ id: 1 }],
      total: 31,
    })
  })

  it('reads list and total', () => {
    expect(normalizePage({ list: [{ id: 2 }], total: 12 })).toEqual({
      items: [{ id: 2 }],
      total: 12,
    })
  })

  it('reads table and total, with a total sent as text', () => {
    expect(normalizePage({ table: [{ id: 3 }], total: '40' })).toEqual({
      items: [{ id: 3 }],
      total: 40,
    })
  })

  it('gives an empty page for an empty or unknown answer', () => {
    expect(normalizePage(undefined)).toEqual({ items: [], total: 0 })
    expect(normalizePage({ rows: [1] })).toEqual({ items: [], total: 0 })
  })
})
