import {
  AMENDMENT_TAGS,
  phaseOf,
  PROCUREMENT_TRADE_CATEGORIES,
  PUBLICATION_TAGS,
  stageLabel,
  TENDER_STATUS,
  WITHDRAWAL_TAGS,
  WITHDRAWAL_TENDER_STATUS,
} from './ocds-codes.ts'
import type { PartyDirectory } from './ocds-parties.ts'
import {
  eventDate,
  factsOf,
  isShown,
  ocdsDate,
  type Release,
  type ReleaseEvent,
  releaseIdOf,
  type ReleaseFacts,
  type ReleaseSettings,
} from './ocds-release-event.ts'
import {
  addRole,
  checkedCodes,
  partyEntry,
  projectRoles,
  reference,
} from './ocds-release-parties.ts'
import {
  amendmentOf,
  cny,
  documentsOf,
  tenderBasics,
} from './ocds-release-sections.ts'
import {
  evaluationBids,
  evaluationNote,
  evaluationTender,
  noticeTender,
  openingBids,
  resultAward,
  resultContract,
} from './ocds-release-stage-facts.ts'

// Releases are made from the log's rows as they stood at each change (0075), so a correction
// never alters an earlier release; what the portal has taken back since is taken out of its
// releases (isShown), and the withdrawal's own release says when and why.

const ocidOf = (prefix: string, code: string) => `${prefix}-${code}`

// `parties` knows every name `partiesNamed` gave for it.
export function buildRelease(
  event: ReleaseEvent,
  settings: ReleaseSettings,
  parties: PartyDirectory,
  facts: ReleaseFacts | null = factsOf(event),
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
  const codes = checkedCodes(facts)
  const partyList = () =>
    [...roles].map(([name, held]) =>
      partyEntry(name, held, parties(name), codes[name]),
    )

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
  const isWithdrawal = event.change === 'withdrawal'
  const isPublication =
    event.change === 'publication' || event.change === 'update'
  const tag = isPublication
    ? PUBLICATION_TAGS[phase]
    : isWithdrawal
      ? WITHDRAWAL_TAGS[phase]
      : AMENDMENT_TAGS[phase]
  const amendments = isPublication ? [] : [amendmentOf(event, id)]
  // A construction tender's stage as its facts state it (ocds-release-stage-facts.ts).
  const stageFacts = facts?.stage ?? null
  const pages = documentsOf(event, settings)
  const documents =
    stageFacts?.stage === 'bidEvaluation'
      ? pages.map((document, i) =>
          i === 0
            ? { ...document, description: evaluationNote(stageFacts) }
            : document,
        )
      : pages

  const winner = facts?.winner ?? null
  for (const name of facts?.tenderers ?? []) addRole(roles, name, 'tenderer')
  if (winner) addRole(roles, winner, 'supplier')

  const tender: Record<string, unknown> = tenderBasics(project, parties)
  const status = isWithdrawal
    ? WITHDRAWAL_TENDER_STATUS[phase]
    : TENDER_STATUS[phase]
  if (status) tender.status = status
  if (phase === 'tender' && !isWithdrawal)
    tender.tenderPeriod = {
      startDate: ocdsDate(a.publishTime),
      ...(project.openingTime
        ? { endDate: ocdsDate(project.openingTime) }
        : {}),
    }
  if (stageFacts?.stage === 'bidNotice')
    Object.assign(tender, noticeTender(stageFacts))
  if (stageFacts?.stage === 'bidEvaluation')
    Object.assign(tender, evaluationTender(stageFacts))
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

  const contract =
    stageFacts?.stage === 'bidResult'
      ? resultContract(stageFacts, a.stage)
      : null
  const release: Release = {
    ...head,
    // A result that states its contract tells of the contract too (releaseTag).
    tag: contract
      ? [tag, isPublication ? 'contract' : 'contractUpdate']
      : [tag],
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
  if (stageFacts?.stage === 'bidOpening')
    release.bids = openingBids(stageFacts, project, parties)
  if (stageFacts?.stage === 'bidEvaluation')
    release.bids = evaluationBids(stageFacts, parties)
  if (phase === 'award') {
    release.awards = [
      {
        id: a.stage,
        title: shown ? a.title : stageLabel(a.stage),
        ...(isWithdrawal
          ? { status: 'cancelled' }
          : shown
            ? { status: 'active' }
            : {}),
        date: ocdsDate(a.publishTime),
        ...(facts?.awardAmount ? { value: cny(facts.awardAmount) } : {}),
        ...(winner ? { suppliers: [reference(winner, parties)] } : {}),
        ...(stageFacts?.stage === 'bidResult' ? resultAward(stageFacts) : {}),
        documents,
        ...(amendments.length > 0 ? { amendments } : {}),
      },
    ]
    if (contract) release.contracts = [contract]
  }
  return release
}
