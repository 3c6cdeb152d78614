import type { TradeMode, TradeStageKey } from '#common/constants/trade.ts'
import { fileUrl } from '#server/files/file-record.ts'

import {
  type AnnouncementFacts,
  readAnnouncementFacts,
} from './announcement-facts.ts'
import {
  AMENDMENT_TAGS,
  classificationOf,
  DOCUMENT_TYPES,
  phaseOf,
  PROCUREMENT_CATEGORIES,
  PROCUREMENT_METHODS,
  PROCUREMENT_TRADE_CATEGORIES,
  PUBLICATION_TAGS,
  stageLabel,
  TENDER_STATUS,
} from './ocds-codes.ts'
import type { KnownParty, PartyDirectory } from './ocds-parties.ts'

/*
 * One OCDS 1.1.5 release per change of a project's public announcements (docs/api/ocds.md):
 * the publication of a stage announcement, a correction (更正) of it, its withdrawal, and the
 * withdrawal of the whole project. Pure: a change and what the database holds of it in, a
 * release out. Releases are made from the public rows as they stand, so what the portal has
 * taken back (a withdrawn announcement's text and files, or those of a withdrawn project) is
 * taken out of its releases too; the withdrawal's own release says when and why.
 */

export type OcdsProject = {
  id: number
  code: string
  name: string
  category: number
  subType: number
  tenderer: string
  agency: string
  /** 万元. */
  amount: number | string
  tradeMode: string
  fundSource: string
  openingTime: string | null
  withdrawnAt?: string | null
  withdrawalReason?: string | null
}

export type OcdsAnnouncement = {
  id: number
  projectId: number
  stage: string
  title: string
  /** Sanitized HTML. */
  content: string
  publishTime: string
  withdrawnAt?: string | null
  withdrawalReason?: string | null
  correctedAt?: string | null
  correctionNote?: string
}

export type OcdsFile = { id: string; name: string; mime: string }

/** A change of the public side, with what the database holds of its announcement or project. */
export type ReleaseEvent =
  | {
      change: 'publication' | 'correction' | 'withdrawal'
      project: OcdsProject
      announcement: OcdsAnnouncement
      files: OcdsFile[]
    }
  | { change: 'projectWithdrawal'; project: OcdsProject }

export type ReleaseSettings = {
  /** OCDS_OCID_PREFIX. */
  ocidPrefix: string
  /** PUBLIC_BASE_URL: documents link to the portal's pages and files under it. */
  baseUrl: string
}

// An OCDS release as JSON: built here, validated against the official schema in the tests.
export type Release = {
  ocid: string
  id: string
  date: string
  tag: string[]
} & Record<string, unknown>

const ocidOf = (prefix: string, code: string) => `${prefix}-${code}`

/** A stored Shanghai time ('YYYY-MM-DD HH:mm:ss') as an OCDS date-time (RFC 3339, +08:00). */
export const ocdsDate = (text: string) => `${text.replace(' ', 'T')}+08:00`

/** '2026-11-24 10:15:00' → '20261124T101500': a change's time inside a release id. */
const compactTime = (text: string) =>
  text.replace(/[-:]/g, '').replace(' ', 'T')

/** The time of a change: what orders the releases. */
export function eventDate(event: ReleaseEvent): string {
  switch (event.change) {
    case 'publication':
      return event.announcement.publishTime
    case 'correction':
      return event.announcement.correctedAt!
    case 'withdrawal':
      return event.announcement.withdrawnAt!
    case 'projectWithdrawal':
      return event.project.withdrawnAt!
  }
}

/** The id of an announcement's first release (its publication), which its amendments amend. */
const publicationId = (a: OcdsAnnouncement) => `${a.stage}-${a.id}`

/** Unique within the contracting process, and never reused for another change. */
function releaseIdOf(event: ReleaseEvent): string {
  if (event.change === 'projectWithdrawal')
    return `project-withdrawal-${compactTime(event.project.withdrawnAt!)}`
  if (event.change === 'publication') return publicationId(event.announcement)
  return `${publicationId(event.announcement)}-${event.change}-${compactTime(eventDate(event))}`
}

/** Whether what the announcement says is public: neither it nor its project withdrawn. */
function isShown(event: ReleaseEvent): boolean {
  if (event.project.withdrawnAt) return false
  return event.change === 'projectWithdrawal' || !event.announcement.withdrawnAt
}

/** What the tables of a shown announcement say; nothing for one taken back. */
export function factsOf(event: ReleaseEvent): AnnouncementFacts | null {
  if (event.change === 'projectWithdrawal' || event.change === 'withdrawal')
    return null
  return isShown(event)
    ? readAnnouncementFacts(event.announcement.content)
    : null
}

/** The parties a release names, with the credit code an announcement gives beside a name. */
export function partiesNamed(
  event: ReleaseEvent,
  facts: AnnouncementFacts | null,
): { name: string; creditCode: string | null }[] {
  const names = [event.project.tenderer, event.project.agency]
  if (facts) names.push(...facts.tenderers)
  return names
    .filter((name) => name.trim() !== '')
    .map((name) => ({ name, creditCode: facts?.creditCodes[name] ?? null }))
}

const yuan = (amountWan: number | string) =>
  Math.round(Number(amountWan) * 10_000 * 100) / 100
const cny = (amount: number) => ({ amount, currency: 'CNY' })

/** Party roles in the order releases list them. */
const ROLE_ORDER = ['buyer', 'procuringEntity', 'payee', 'tenderer', 'supplier']

type PartyRoles = Map<string, Set<string>>

function addRole(roles: PartyRoles, name: string, role: string) {
  if (name.trim() === '') return
  const held = roles.get(name) ?? new Set<string>()
  held.add(role)
  roles.set(name, held)
}

/**
 * The project's own parties: who puts it out (招标人, 采购人 — the buyer; 出让人, 转让方 —
 * paid for what is sold) and who manages the trade (the agency, or else that same party).
 */
function projectRoles(project: OcdsProject): PartyRoles {
  const roles: PartyRoles = new Map()
  const isProcurement = PROCUREMENT_TRADE_CATEGORIES.includes(project.category)
  addRole(roles, project.tenderer, isProcurement ? 'buyer' : 'payee')
  addRole(roles, project.agency.trim() || project.tenderer, 'procuringEntity')
  return roles
}

function partyEntry(name: string, roles: Set<string>, known: KnownParty) {
  const extras = known.extras ?? {}
  return {
    id: known.id,
    name,
    ...(extras.identifier ? { identifier: extras.identifier } : {}),
    ...(extras.additionalIdentifiers?.length
      ? { additionalIdentifiers: extras.additionalIdentifiers }
      : {}),
    ...(extras.address ? { address: extras.address } : {}),
    ...(extras.contactPoint ? { contactPoint: extras.contactPoint } : {}),
    roles: ROLE_ORDER.filter((role) => roles.has(role)),
    ...(extras.details ? { details: extras.details } : {}),
  }
}

function reference(name: string, parties: PartyDirectory) {
  return { id: parties(name).id, name }
}

/** The announcement's page, and its attachments while it is shown. */
function documentsOf(
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

/** The amendment a correction or a withdrawal records, and the release it amends. */
function amendmentOf(
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

/** What every release of the project says of the trade itself. */
function tenderBasics(project: OcdsProject, parties: PartyDirectory) {
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

/** The release of one change. `parties` knows every name `partiesNamed` gave for it. */
export function buildRelease(
  event: ReleaseEvent,
  settings: ReleaseSettings,
  parties: PartyDirectory,
  facts: AnnouncementFacts | null = factsOf(event),
): Release {
  const { project } = event
  const id = releaseIdOf(event)
  const roles = projectRoles(project)
  const isProcurement = PROCUREMENT_TRADE_CATEGORIES.includes(project.category)
  const head = {
    ocid: ocidOf(settings.ocidPrefix, project.code),
    id,
    date: ocdsDate(eventDate(event)),
  }
  const common = {
    initiationType: 'tender',
    language: 'zh',
    ...(isProcurement ? { buyer: reference(project.tenderer, parties) } : {}),
  }
  const partyList = () =>
    [...roles].map(([name, held]) => partyEntry(name, held, parties(name)))

  if (event.change === 'projectWithdrawal') {
    const reason = (project.withdrawalReason ?? '').trim()
    return {
      ...head,
      tag: ['tenderAmendment'],
      ...common,
      parties: partyList(),
      tender: {
        ...tenderBasics(project, parties),
        // No further information on this process is available under this ocid.
        status: 'withdrawn',
        amendments: [
          {
            id,
            date: head.date,
            ...(reason ? { rationale: reason } : {}),
            description: '项目已撤回，其公告均不再公开',
            releaseID: id,
          },
        ],
      },
    }
  }

  const { announcement: a } = event
  const phase = phaseOf(a.stage)
  const shown = isShown(event)
  const tag =
    event.change === 'publication'
      ? PUBLICATION_TAGS[phase]
      : AMENDMENT_TAGS[phase]
  const amendments =
    event.change === 'publication' ? [] : [amendmentOf(event, id)]
  const documents = documentsOf(event, settings)

  const winner = facts?.winner ?? null
  for (const name of facts?.tenderers ?? []) addRole(roles, name, 'tenderer')
  if (winner) addRole(roles, winner, 'supplier')

  const tender: Record<string, unknown> = tenderBasics(project, parties)
  if (event.change !== 'withdrawal') tender.status = TENDER_STATUS[phase]
  if (phase === 'tender' && event.change !== 'withdrawal')
    tender.tenderPeriod = {
      startDate: ocdsDate(a.publishTime),
      ...(project.openingTime
        ? { endDate: ocdsDate(project.openingTime) }
        : {}),
    }
  if (facts && facts.tenderers.length > 0 && phase !== 'planning') {
    tender.tenderers = facts.tenderers.map((name) => reference(name, parties))
    // 开标记录 lists every bid opened; the other tables only some bidders.
    if (a.stage === 'bidOpening')
      tender.numberOfTenderers = facts.tenderers.length
  }
  if (phase === 'tender' || phase === 'tenderUpdate') {
    tender.documents = documents
    if (amendments.length > 0) tender.amendments = amendments
  }

  const release: Release = {
    ...head,
    tag: [tag],
    ...common,
    parties: partyList(),
  }
  if (phase === 'planning') {
    release.planning = {
      ...(project.fundSource.trim()
        ? { budget: { description: `资金来源：${project.fundSource}` } }
        : {}),
      documents,
    }
    // planning has no amendments of its own: the process's are the tender's.
    if (amendments.length > 0) tender.amendments = amendments
  }
  release.tender = tender
  if (phase === 'award') {
    release.awards = [
      {
        id: a.stage,
        title: shown ? a.title : stageLabel(a.stage),
        ...(event.change !== 'withdrawal' && shown ? { status: 'active' } : {}),
        date: ocdsDate(a.publishTime),
        ...(facts?.awardAmount ? { value: cny(facts.awardAmount) } : {}),
        ...(winner ? { suppliers: [reference(winner, parties)] } : {}),
        documents,
        ...(amendments.length > 0 ? { amendments } : {}),
      },
    ]
  }
  return release
}
