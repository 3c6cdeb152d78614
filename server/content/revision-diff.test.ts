import { describe, expect, it } from 'vitest'

import { diffReadableFields } from './revision-diff.ts'

const field = (text: string) => [{ field: 'content', label: '正文', text }]

// Two bodies of 190,000 characters that share almost nothing, as a rewrite of a long notice.
const body = (seed: number) => {
  let state = seed
  let text = ''
  while (text.length < 190_000) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    text += String.fromCharCode(0x4e00 + (state % 2000))
    if (state % 40 === 0) text += '\n'
  }
  return text
}

const sides = (
  parts: { value: string; added: boolean; removed: boolean }[],
) => ({
  before: parts
    .filter((p) => !p.added)
    .map((p) => p.value)
    .join(''),
  after: parts
    .filter((p) => !p.removed)
    .map((p) => p.value)
    .join(''),
})

describe('the comparison of two revisions', () => {
  it('marks the one character that changed', () => {
    const [diff] = diffReadableFields(
      field('水利工程招标公告'),
      field('水利工程中标公告'),
    )
    expect(diff!.parts.filter((p) => p.added || p.removed)).toEqual([
      { value: '招', added: false, removed: true },
      { value: '中', added: true, removed: false },
    ])
  })

  it('still says what was and what is when two long bodies differ throughout', () => {
    const before = body(1)
    const after = body(2)
    const [diff] = diffReadableFields(field(before), field(after))
    expect(diff!.changed).toBe(true)
    expect(sides(diff!.parts)).toEqual({ before, after })
  })
})

describe('the comparison of two revisions’ files', () => {
  const files = (label: string, ...names: string[]) => [
    {
      field: 'attachments',
      label,
      text: names.join('\n'),
      files: names.map((name) => ({
        fileId: `id-${name}`,
        name,
        isImage: name.endsWith('.png'),
      })),
    },
  ]

  it('marks each picture and attachment kept, added or removed whole; a replaced one is both', () => {
    const [diff] = diffReadableFields(
      files('附件', '检查方案.pdf', '现场一.png'),
      files('附件', '检查方案.pdf', '现场二.png', '通知.docx'),
    )
    expect(diff!.changed).toBe(true)
    expect(diff!.files!.map((f) => [f.change, f.name, f.isImage])).toEqual([
      ['kept', '检查方案.pdf', false],
      ['added', '现场二.png', true],
      ['added', '通知.docx', false],
      ['removed', '现场一.png', true],
    ])
  })

  it('says a list of the same files is unchanged', () => {
    const [diff] = diffReadableFields(
      files('附件', '检查方案.pdf'),
      files('附件', '检查方案.pdf'),
    )
    expect(diff!.changed).toBe(false)
  })
})
