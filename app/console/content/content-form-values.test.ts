import { describe, expect, it } from 'vitest'

import type { FileRecord } from '#common/schemas/file-record.ts'
import {
  announcementFields,
  articleDetail,
  fileId,
  itemDetail,
  linkageFields,
  policyDetail,
  projectFields,
} from '#tests/content-fixtures.ts'

import {
  contentCategoryOf,
  contentFieldsOf,
  contentTitleOf,
  emptyValuesOf,
  fileRecordOf,
  valuesOf,
} from './content-form-values.ts'

const FILES = [
  {
    id: fileId(1),
    name: '检查方案.pdf',
    size: 2048,
    mime: 'application/pdf',
    url: `/files/${fileId(1)}/检查方案.pdf`,
  },
  {
    id: fileId(2),
    name: '现场.png',
    size: 100,
    mime: 'image/png',
    url: `/files/${fileId(2)}/现场.png`,
  },
]

describe('the editor’s values', () => {
  it('name the cover and attachments, and give back the same fields', () => {
    const detail = articleDetail({
      fields: {
        coverFileId: fileId(2),
        isRotation: true,
        attachments: [fileId(1)],
      },
      files: FILES,
    })
    const values = valuesOf(detail)
    expect(values.cover).toEqual([fileRecordOf(FILES[1]!, 0)])
    expect(
      (values.attachments as FileRecord[]).map((file) => file.name),
    ).toEqual(['检查方案.pdf'])
    expect(contentFieldsOf('article', values)).toEqual({
      kind: 'article',
      fields: detail.working.fields,
    })
    const policy = policyDetail()
    expect(contentFieldsOf('policy', valuesOf(policy))).toEqual({
      kind: 'policy',
      fields: policy.working.fields,
    })
  })

  it('keep a draft’s correction mark, and start a new revision of a published one unmarked', () => {
    const correction = { isCorrection: true, correctionNote: '更正检查时间' }
    const draft = articleDetail({
      itemState: 'published',
      working: { revisionNo: 2, state: 'returned', ...correction },
    })
    expect(valuesOf(draft)).toMatchObject(correction)
    const published = articleDetail({
      itemState: 'published',
      working: { revisionNo: 2, state: 'published', ...correction },
    })
    expect(valuesOf(published)).toMatchObject({
      isCorrection: false,
      correctionNote: '',
    })
  })

  it('refuse what the server would refuse', () => {
    const values = valuesOf(articleDetail())
    expect(contentFieldsOf('article', { ...values, title: '   ' })).toBe(
      undefined,
    )
    expect(
      contentFieldsOf('article', { ...values, categoryId: 928 }),
    ).toBeUndefined()
  })

  it('give back each project kind’s fields, its name and what the list files it under', () => {
    const kinds = [
      { kind: 'project', fields: projectFields() },
      {
        kind: 'announcement',
        fields: announcementFields({ attachments: [fileId(1)] }),
      },
      { kind: 'linkage', fields: linkageFields() },
    ] as const
    for (const content of kinds) {
      const detail = itemDetail(content, { files: FILES })
      expect(contentFieldsOf(content.kind, valuesOf(detail))).toEqual(content)
    }
    expect(kinds.map(contentTitleOf)).toEqual([
      '塔里木河下游生态输水闸站自动化设备采购项目',
      '塔里木河下游生态输水闸站自动化设备采购项目采购公告',
      '闸站设备采购评审环节整改',
    ])
    // The trading category 政府采购, the stage 采购公告 (the 7th), the status 已整改.
    expect(kinds.map(contentCategoryOf)).toEqual([2, 7, 2])
  })

  it('start a new item of each kind empty, refused until filled in', () => {
    for (const kind of ['project', 'announcement', 'linkage'] as const)
      expect(contentFieldsOf(kind, emptyValuesOf(kind))).toBeUndefined()
    // A new record starts 整改中, with no day it was rectified.
    expect(emptyValuesOf('linkage')).toMatchObject({
      status: 1,
      rectifiedDate: null,
    })
  })
})
