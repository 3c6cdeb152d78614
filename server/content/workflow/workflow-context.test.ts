import { afterEach, describe, expect, it, vi } from 'vitest'

import { noticeFields } from '#tests/content-test-api.ts'

import { kindDefinition } from '../kinds/registry.ts'
import { fieldsOf } from './workflow-context.ts'

describe('a revision’s stored fields', () => {
  afterEach(() => vi.restoreAllMocks())

  it('are checked by the kind’s schema once however often a request reads them, and shared frozen', () => {
    // The longest body's shape check took milliseconds on each of an approval's four reads.
    const parse = vi.spyOn(kindDefinition('article').schema, 'parse')
    const text = JSON.stringify(
      noticeFields('只读一次', { content: '<p>第一标段</p>'.repeat(2_000) }),
    )
    const first = fieldsOf('article', { fields: text }) as ReturnType<
      typeof noticeFields
    >
    // The same text as another row reads it from the database.
    const again = fieldsOf('article', { fields: `${text} `.trimEnd() })
    expect(again).toBe(first)
    expect(parse).toHaveBeenCalledTimes(1)
    expect(Object.isFrozen(first)).toBe(true)
    expect(Object.isFrozen(first.attachments)).toBe(true)
    expect(() => {
      ;(first as { title: string }).title = '改过'
    }).toThrow(TypeError)
  })

  it('are checked again for another kind, and once more after many others were read', () => {
    const parse = vi.spyOn(kindDefinition('article').schema, 'parse')
    const text = JSON.stringify(noticeFields('读过多次'))
    fieldsOf('article', { fields: text })
    expect(() => fieldsOf('project', { fields: text })).toThrow()
    for (let i = 0; i < 20; i++)
      fieldsOf('article', { fields: JSON.stringify(noticeFields(`其他${i}`)) })
    fieldsOf('article', { fields: text })
    expect(parse).toHaveBeenCalledTimes(22)
  })
})
