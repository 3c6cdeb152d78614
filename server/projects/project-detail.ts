import type { Selectable } from 'kysely'

import {
  currentStageOf,
  LINKAGE_STATUSES,
  tradeCategory,
} from '#common/constants/trade.ts'
import type {
  LinkageDetail,
  LinkageSummary,
  ProjectDetail,
} from '#common/schemas/project.ts'
import type { Correction, Withdrawal } from '#common/schemas/publication.ts'
import {
  type StageFacts,
  StageFactsSchema,
} from '#common/schemas/content/stage-facts.ts'
import type { ProjectTable } from '#server/db/schema.ts'
import { toFileRecord } from '#server/files/file-record.ts'

import { projectNames, stageName } from './project-names.ts'

type WithdrawnColumns = {
  withdrawnAt?: string | null
  withdrawalReason?: string | null
}

// A row whose JSON no longer reads as its stage's facts is shown without them, never refused.
function factsOf(row: {
  stage: string
  facts?: string | null
}): StageFacts | null {
  if (!row.facts) return null
  let json: unknown
  try {
    json = JSON.parse(row.facts)
  } catch {
    return null
  }
  const parsed = StageFactsSchema.safeParse(json)
  return parsed.success && parsed.data.stage === row.stage ? parsed.data : null
}

type CorrectionColumns = {
  correctedAt?: string | null
  correctionNote?: string
}

type ProjectDetailRow = {
  project: WithdrawnColumns &
    Omit<
      Selectable<ProjectTable>,
      | keyof WithdrawnColumns
      | 'amount'
      | 'currentStage'
      | 'createdAt'
      | 'updatedAt'
    > & { amount: number | string }
  announcements: (WithdrawnColumns &
    CorrectionColumns & {
      id: number
      stage: string
      title: string
      content: string
      publishTime: string
      facts?: string | null
    })[]
  files: {
    announcementId: number
    id: string
    name: string
    mime: string
    size: number | string
  }[]
}

function withdrawalOf(row: WithdrawnColumns): Withdrawal | undefined {
  return row.withdrawnAt
    ? { at: row.withdrawnAt, reason: row.withdrawalReason ?? '' }
    : undefined
}

function correctionOf(row: CorrectionColumns): { correction?: Correction } {
  return row.correctedAt
    ? { correction: { at: row.correctedAt, note: row.correctionNote ?? '' } }
    : {}
}

// The one mapping the public page and the console's preview share.
export function toProjectDetail(
  { project, announcements, files }: ProjectDetailRow,
  linkages: LinkageSummary[],
): ProjectDetail {
  const withdrawal = withdrawalOf(project)
  const shown = withdrawal ? [] : announcements.filter((a) => !a.withdrawnAt)
  const currentStage = currentStageOf(
    project.category,
    shown.map((a) => a.stage),
  )
  return {
    id: project.id,
    code: project.code,
    name: project.name,
    category: project.category,
    subType: project.subType,
    regionCode: project.regionCode,
    ...projectNames(project),
    location: project.location,
    tenderer: project.tenderer,
    agency: project.agency,
    amount: Number(project.amount),
    tradeMode: project.tradeMode,
    fundSource: project.fundSource,
    publishTime: project.publishTime,
    registrationDeadline: project.registrationDeadline,
    openingTime: project.openingTime,
    currentStage,
    currentStageName: stageName(currentStage),
    stages: (tradeCategory(project.category)?.stages ?? []).map((stage) => {
      const announcement = shown.find((a) => a.stage === stage)
      const withdrawn = withdrawal
        ? undefined
        : announcements.find((a) => a.stage === stage && a.withdrawnAt)
      return {
        stage,
        stageName: stageName(stage),
        announcement: announcement
          ? {
              id: announcement.id,
              title: announcement.title,
              content: announcement.content,
              publishTime: announcement.publishTime,
              files: files
                .filter((file) => file.announcementId === announcement.id)
                .map(toFileRecord),
              ...correctionOf(announcement),
              facts: factsOf(announcement),
            }
          : null,
        ...(withdrawn ? { withdrawal: withdrawalOf(withdrawn) } : {}),
      }
    }),
    linkages: withdrawal ? [] : linkages,
    ...(withdrawal ? { withdrawal } : {}),
  }
}

type LinkageDetailRow = WithdrawnColumns &
  CorrectionColumns & {
    id: number
    projectId: number
    projectName: string
    title: string
    item: string
    responsibleUnit: string
    status: number
    foundDate: string
    deadline: string
    rectifiedDate: string | null
    publishTime: string
    finding: string
    requirement: string
    content: string
    projectCode: string
    projectCategory: number
    projectTenderer: string
    projectWithdrawnAt?: string | null
    projectWithdrawalReason?: string | null
  }

export function toLinkageDetail(
  row: LinkageDetailRow,
  files: { id: string; name: string; mime: string; size: number | string }[],
): LinkageDetail {
  const withdrawal =
    withdrawalOf(row) ??
    withdrawalOf({
      withdrawnAt: row.projectWithdrawnAt,
      withdrawalReason: row.projectWithdrawalReason
        ? `所属项目已撤回：${row.projectWithdrawalReason}`
        : '所属项目已撤回',
    })
  return {
    id: row.id,
    projectId: row.projectId,
    projectName: row.projectName,
    title: row.title,
    item: row.item,
    responsibleUnit: row.responsibleUnit,
    status: row.status,
    statusName:
      LINKAGE_STATUSES.find((s) => s.value === row.status)?.label ?? '',
    foundDate: row.foundDate,
    deadline: row.deadline,
    rectifiedDate: row.rectifiedDate,
    publishTime: row.publishTime,
    finding: withdrawal ? '' : row.finding,
    requirement: withdrawal ? '' : row.requirement,
    content: withdrawal ? '' : row.content,
    files: withdrawal ? [] : files.map(toFileRecord),
    project: {
      id: row.projectId,
      code: row.projectCode,
      name: row.projectName,
      category: row.projectCategory,
      categoryName: tradeCategory(row.projectCategory)?.label ?? '',
      tenderer: row.projectTenderer,
    },
    // A withdrawn record shows no body, so no correction of it either.
    ...(withdrawal ? { withdrawal } : correctionOf(row)),
  }
}
