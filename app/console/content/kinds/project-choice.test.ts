import { describe, expect, it } from 'vitest'

import type { ProjectChoiceQuery } from '#common/schemas/content/workflow.ts'
import {
  announcementFields,
  itemDetail,
  linkageFields,
  projectChoice,
  projectFields,
  revisionSummary,
} from '#tests/content-fixtures.ts'

import { StaffApiError } from '#app/console/api/staff-api-error.ts'
import type { ContentApi } from '../content-api.ts'
import { projectOfItem } from './project-choice.ts'
import { savedProjectOf } from './registry.ts'

const OURS = projectChoice()
/** Another project whose number contains ours: the search finds both. */
const LONGER = projectChoice({
  projectId: 71,
  itemId: 66,
  code: `${OURS.code}-B`,
  name: '另一个项目',
})

/** The calls as the server answers them: the projects found by number or name. */
function fakeCalls({ publishedCode = OURS.code } = {}) {
  const searches: (string | undefined)[] = []
  const calls = {
    projects: async (query: ProjectChoiceQuery) => {
      searches.push(query.keyword)
      const items = [LONGER, OURS].filter((p) =>
        p.code.includes(query.keyword ?? ''),
      )
      return { items, total: items.length }
    },
    // Only the project's number is read from the preview.
    publicView: async (_id: number, _no: number, kind: string) =>
      kind === 'linkage'
        ? { project: { code: OURS.code } }
        : { code: OURS.code },
    revision: async () => ({
      ...revisionSummary(),
      kind: 'project' as const,
      fields: projectFields({ code: publishedCode }),
    }),
    detail: async (id: number) => {
      if (id !== 60) throw new StaffApiError(404, '该内容不存在')
      return itemDetail(
        { kind: 'project', fields: projectFields() },
        { id: 60, publishedRevisionNo: 1, itemState: 'published' },
      )
    },
  } as unknown as ContentApi
  return { calls, searches }
}

describe('the project an item is or names', () => {
  it('is found by its number among those that contain it', async () => {
    const { calls, searches } = fakeCalls()
    const announcement = itemDetail({
      kind: 'announcement',
      fields: announcementFields(),
    })
    expect(await savedProjectOf(calls, announcement)).toEqual(OURS)
    const record = itemDetail({ kind: 'linkage', fields: linkageFields() })
    expect(await savedProjectOf(calls, record)).toEqual(OURS)
    expect(searches).toEqual([OURS.code, OURS.code])
  })

  it('is a project item’s own once published, by the number it was published with', async () => {
    const { calls, searches } = fakeCalls()
    const unpublished = itemDetail({
      kind: 'project',
      fields: projectFields(),
    })
    expect(await savedProjectOf(calls, unpublished)).toBeNull()
    const renumbered = itemDetail(
      { kind: 'project', fields: projectFields({ code: 'TLMH-CG-2027-0001' }) },
      {
        id: 60,
        itemState: 'published',
        publishedRevisionNo: 1,
        working: revisionSummary({ revisionNo: 2 }),
      },
    )
    expect(await savedProjectOf(calls, renumbered)).toEqual(OURS)
    expect(searches).toEqual(['TLMH-CG-2027-0001', OURS.code])
    expect(await projectOfItem(calls, 60)).toEqual(OURS)
  })

  it('is none when it cannot be read, and an article names none', async () => {
    const { calls } = fakeCalls()
    expect(await projectOfItem(calls, 99)).toBeNull()
    const gone = itemDetail({
      kind: 'announcement',
      fields: announcementFields({ projectId: 5 }),
    })
    expect(await savedProjectOf(calls, gone)).toBeNull()
    const article = itemDetail({
      kind: 'article',
      fields: {
        categoryId: 1073,
        title: '通知',
        summary: '',
        content: '<p>正文</p>',
        source: '',
        author: '',
        coverFileId: null,
        isRotation: false,
        attachments: [],
      },
    })
    expect(await savedProjectOf(calls, article)).toBeNull()
  })
})
