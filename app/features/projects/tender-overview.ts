import type { StageFacts } from '#common/schemas/content/stage-facts.ts'
import type { ProjectDetail } from '#common/schemas/project.ts'

export type OverviewLine = { label: string; value: string; note?: string }

const DAY_MS = 86_400_000

const dayNumber = (date: string) => {
  const [year, month, day] = date.split('-').map(Number)
  return Date.UTC(year!, month! - 1, day!) / DAY_MS
}

/**
 * 招标投标概况: what the published facts of a project's stages add up to, a line for each figure
 * whose facts are given; none at all for a project without facts.
 */
export function tenderOverview(
  stages: ProjectDetail['stages'],
): OverviewLine[] {
  const factsOf = <S extends StageFacts['stage']>(stage: S) =>
    stages
      .map((item) => item.announcement?.facts)
      .find(
        (facts): facts is Extract<StageFacts, { stage: S }> =>
          facts?.stage === stage,
      )
  const notice = factsOf('bidNotice')
  const opening = factsOf('bidOpening')
  const evaluation = factsOf('bidEvaluation')
  const lines: OverviewLine[] = []
  if (notice) {
    const deadline = notice.bidDeadline.slice(0, 10)
    // 招标投标法 art. 24 counts from the documents' first issue to the bid deadline; 民法典
    // art. 201: the first day is not counted, so the period is the plain difference of the dates.
    lines.push({
      label: '招标期',
      value: `${dayNumber(deadline) - dayNumber(notice.documentsFrom)} 日`,
      note: `${notice.documentsFrom} 至 ${deadline}`,
    })
  }
  if (opening)
    lines.push({ label: '投标人数', value: `${opening.bids.length} 家` })
  if (evaluation)
    lines.push({
      label: '公示期',
      value: `${evaluation.publicityStart} 至 ${evaluation.publicityEnd}`,
    })
  return lines
}
