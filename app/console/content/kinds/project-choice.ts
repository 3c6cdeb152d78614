import type {
  ContentItemDetail,
  ProjectChoice,
} from '#common/schemas/content/workflow.ts'

import type { ContentApi } from '../content-api.ts'

/** The staff API's calls a kind reads to find its project. */
export type ProjectCalls = Pick<
  ContentApi,
  'projects' | 'publicView' | 'revision' | 'detail'
>

export async function choiceByCode(
  calls: ProjectCalls,
  code: string,
  isIt: (choice: ProjectChoice) => boolean,
): Promise<ProjectChoice | null> {
  // The number is a project's own, but another's may contain it: a page of them is read.
  const page = await calls.projects({ keyword: code, pageNo: 1, pageSize: 100 })
  return page.items.find(isIt) ?? null
}

// Only a published project has a public id.
export async function choiceOfProjectItem(
  calls: ProjectCalls,
  detail: ContentItemDetail,
): Promise<ProjectChoice | null> {
  const { working } = detail
  if (working.kind !== 'project' || detail.publishedRevisionNo === null)
    return null
  const isIt = (choice: ProjectChoice) => choice.itemId === detail.id
  const found = await choiceByCode(calls, working.fields.code, isIt)
  if (found || working.revisionNo === detail.publishedRevisionNo) return found
  const published = await calls.revision(detail.id, detail.publishedRevisionNo)
  return published.kind === 'project'
    ? choiceByCode(calls, published.fields.code, isIt)
    : null
}

export async function projectOfItem(
  calls: ProjectCalls,
  itemId: number,
): Promise<ProjectChoice | null> {
  try {
    return await choiceOfProjectItem(calls, await calls.detail(itemId))
  } catch {
    return null
  }
}
