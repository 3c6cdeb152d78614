import type {
  ContentItemDetail,
  ProjectChoice,
} from '#common/schemas/content/workflow.ts'

import type { ContentApi } from './content-api.ts'

/*
 * The project an item names (an announcement's or record's) or is (a project's own item), as
 * GET /content/projects offers it: its name, category and stages with the announcements they
 * have. The projects are searched by number or name, so the project's number is read first.
 */

type Calls = Pick<ContentApi, 'projects' | 'publicView' | 'revision' | 'detail'>

/** The published project numbered `code` that `isIt` recognises, or null. */
async function choiceByCode(
  calls: Calls,
  code: string,
  isIt: (choice: ProjectChoice) => boolean,
): Promise<ProjectChoice | null> {
  // The number is a project's own, but another's may contain it: a page of them is read.
  const page = await calls.projects({ keyword: code, pageNo: 1, pageSize: 100 })
  return page.items.find(isIt) ?? null
}

/**
 * The project of a project item once it has been published (it has a public id only then); its
 * number as published, should the working revision have changed it.
 */
export async function choiceOfProjectItem(
  calls: Calls,
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

/**
 * The project an item is or names, for its page: a project's own stages, or the project of an
 * announcement or record (its number read from the revision's preview); null for other kinds,
 * or when it cannot be read (the page then names the project by its public id).
 */
export async function savedProjectOf(
  calls: Calls,
  detail: ContentItemDetail,
): Promise<ProjectChoice | null> {
  const { working } = detail
  try {
    switch (working.kind) {
      case 'project':
        return await choiceOfProjectItem(calls, detail)
      case 'announcement': {
        const view = await calls.publicView(
          detail.id,
          working.revisionNo,
          'announcement',
        )
        return await choiceByCode(
          calls,
          view.code,
          (choice) => choice.projectId === working.fields.projectId,
        )
      }
      case 'linkage': {
        const view = await calls.publicView(
          detail.id,
          working.revisionNo,
          'linkage',
        )
        return await choiceByCode(
          calls,
          view.project.code,
          (choice) => choice.projectId === working.fields.projectId,
        )
      }
      default:
        return null
    }
  } catch {
    return null
  }
}

/** The project of the project item `itemId`, for a new announcement or record of it. */
export async function projectOfItem(
  calls: Calls,
  itemId: number,
): Promise<ProjectChoice | null> {
  try {
    return await choiceOfProjectItem(calls, await calls.detail(itemId))
  } catch {
    return null
  }
}
