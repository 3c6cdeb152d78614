import type { NewProject, NewProjectAnnouncement } from '#server/db/schema.ts'
import {
  INDEXED_BODY_MAX,
  type SearchDocumentInput,
} from '#server/search/search-index.ts'
import {
  type SearchSource,
  searchSource,
} from '#server/search/search-sources.ts'
import { htmlToTextPrefix } from '#server/search/search-text.ts'
import {
  findAnnouncementsAfter,
  findProjectsAfter,
} from './project-index-repository.ts'
import { projectNames, stageName } from './project-names.ts'
import { countProjects } from './project-repository.ts'

export function projectSearchDocument(
  project: Omit<NewProject, 'id'> & { id: number },
): SearchDocumentInput {
  const names = projectNames(project)
  return {
    type: 'project',
    refId: project.id,
    categoryId: project.category,
    subTypeName: names.categoryName,
    title: project.name,
    body: [
      `项目编号：${project.code}`,
      `交易类别：${names.categoryName} ${names.subTypeName}`,
      `招标人：${project.tenderer}`,
      `代理机构：${project.agency}`,
      `项目地点：${names.regionName} ${project.location}`,
      `交易方式：${project.tradeMode}`,
      `资金来源：${project.fundSource}`,
    ].join('。'),
    publishTime: project.publishTime,
  }
}

export function announcementSearchDocument(
  announcement: Pick<
    NewProjectAnnouncement,
    'projectId' | 'stage' | 'title' | 'content' | 'publishTime'
  > & { id: number },
): SearchDocumentInput {
  return {
    type: 'announcement',
    refId: announcement.id,
    projectId: announcement.projectId,
    stage: announcement.stage,
    subTypeName: stageName(announcement.stage),
    title: announcement.title,
    body: htmlToTextPrefix(announcement.content, INDEXED_BODY_MAX),
    publishTime: announcement.publishTime,
  }
}

export const projectSearchSources: SearchSource[] = [
  searchSource(countProjects, findProjectsAfter, projectSearchDocument),
  // A project's announcements exist only with the project: counted with it above.
  searchSource(
    async () => 0,
    findAnnouncementsAfter,
    announcementSearchDocument,
  ),
]
