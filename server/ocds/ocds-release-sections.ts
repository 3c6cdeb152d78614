import type { TradeMode, TradeStageKey } from '#common/constants/trade.ts'
import { fileUrl } from '#server/files/file-record.ts'

import {
  classificationOf,
  DOCUMENT_TYPES,
  PROCUREMENT_CATEGORIES,
  PROCUREMENT_METHODS,
  stageLabel,
} from './ocds-codes.ts'
import type { PartyDirectory } from './ocds-parties.ts'
import {
  eventDate,
  isShown,
  type OcdsAnnouncement,
  type OcdsProject,
  ocdsDate,
  publicationId,
  type ReleaseEvent,
  type ReleaseSettings,
} from './ocds-release-event.ts'
import { reference } from './ocds-release-parties.ts'

const yuan = (amountWan: number | string) =>
  Math.round(Number(amountWan) * 10_000 * 100) / 100
export const cny = (amount: number) => ({ amount, currency: 'CNY' })

export function documentsOf(
  event: Extract<ReleaseEvent, { announcement: OcdsAnnouncement }>,
  settings: ReleaseSettings,
) {
  const { announcement: a, project } = event
  const type = DOCUMENT_TYPES[a.stage as TradeStageKey] ?? 'tenderNotice'
  const shown = isShown(event)
  const page = {
    id: `${a.stage}-${a.id}-notice`,
    documentType: type,
    title: shown ? a.title : stageLabel(a.stage),
    url: `${settings.baseUrl}/business/detail?id=${project.id}&stage=${encodeURIComponent(a.stage)}`,
    datePublished: ocdsDate(a.publishTime),
    ...(a.correctedAt && shown
      ? { dateModified: ocdsDate(a.correctedAt) }
      : {}),
    format: 'text/html',
    language: 'zh',
  }
  if (!shown) return [page]
  return [
    page,
    ...event.files.map((file) => ({
      id: `${a.stage}-${a.id}-file-${file.id}`,
      documentType: type,
      title: file.name,
      url: `${settings.baseUrl}${fileUrl(file.id, file.name)}`,
      datePublished: ocdsDate(a.publishTime),
      format: file.mime,
      language: 'zh',
    })),
  ]
}

export function amendmentOf(
  event: Extract<ReleaseEvent, { announcement: OcdsAnnouncement }>,
  releaseId: string,
) {
  const { announcement: a } = event
  const isCorrection = event.change === 'correction'
  const rationale = (
    isCorrection ? (a.correctionNote ?? '') : (a.withdrawalReason ?? '')
  ).trim()
  return {
    id: releaseId,
    date: ocdsDate(eventDate(event)),
    ...(rationale ? { rationale } : {}),
    description: isCorrection
      ? `${stageLabel(a.stage)}已更正`
      : `${stageLabel(a.stage)}已撤回，不再公开`,
    amendsReleaseID: publicationId(a),
    releaseID: releaseId,
  }
}

export function tenderBasics(project: OcdsProject, parties: PartyDirectory) {
  const procuring = project.agency.trim() || project.tenderer
  const category = PROCUREMENT_CATEGORIES[project.subType]
  const amount = yuan(project.amount)
  return {
    id: project.code,
    title: project.name,
    procuringEntity: reference(procuring, parties),
    items: [
      {
        id: '1',
        description: project.name,
        classification: classificationOf(project.category, project.subType),
      },
    ],
    ...(amount > 0 ? { value: cny(amount) } : {}),
    ...(PROCUREMENT_METHODS[project.tradeMode as TradeMode]
      ? {
          procurementMethod:
            PROCUREMENT_METHODS[project.tradeMode as TradeMode],
        }
      : {}),
    procurementMethodDetails: project.tradeMode,
    ...(category ? { mainProcurementCategory: category } : {}),
    ...(project.openingTime
      ? { tenderPeriod: { endDate: ocdsDate(project.openingTime) } }
      : {}),
  }
}
