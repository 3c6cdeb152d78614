import { TRADE_MODES, tradeCategory } from '#common/constants/trade.ts'

import {
  addressText,
  type Award,
  companyOf,
  type Contract,
  type Document,
  isText,
  partyOf,
  regionCodeOf,
  type Release,
  shanghaiDay,
  shanghaiTime,
  yuan,
} from './release-values.ts'

// What one release says of each part of its contracting process, as the portal's fields: the
// project (ProjectFields) and the stages with facts (stage-facts.ts). Only what the release gives
// is set; the parts are merged with what earlier releases gave (part-merge.ts) and checked
// against their schemas when written. Pure.

export const IMPORT_PARTS = [
  'project',
  'bidNotice',
  'bidOpening',
  'bidResult',
] as const
export type ImportPart = (typeof IMPORT_PARTS)[number]

export const PART_LABELS: Record<ImportPart, string> = {
  project: '项目信息',
  bidNotice: '招标公告',
  bidOpening: '开标记录',
  bidResult: '中标结果公告',
}

export type DocumentLink = { title: string; url: string }
export type PartData = Record<string, unknown>
export type NotTaken = {
  part: ImportPart | 'bidEvaluation' | 'release'
  reason: string
}
export type MappedRelease = {
  parts: Partial<Record<ImportPart, PartData>>
  notTaken: NotTaken[]
}

/** The ocid's registered prefix: `ocds-` and six characters (OCDS, Identifiers). */
const OCID = /^ocds-[a-z0-9]{6}-(\S{1,40})$/

/**
 * The portal's project number (项目编号) a process is about: its ocid after the registered prefix,
 * as the portal's own ocids are made (`OCDS_OCID_PREFIX-<项目编号>`); null when the ocid has no
 * such form.
 */
export function projectCodeOf(ocid: string): string | null {
  return OCID.exec(ocid)?.[1] ?? null
}

const links = (documents: Document[] | undefined): DocumentLink[] =>
  (documents ?? []).flatMap((document) =>
    isText(document.url) && /^https?:\/\//.test(document.url)
      ? [{ title: document.title?.trim() || '文件', url: document.url }]
      : [],
  )

function projectPart(release: Release, notTaken: NotTaken[]): PartData {
  const { tender, planning } = release
  const data: PartData = {}
  const skip = (reason: string) => notTaken.push({ part: 'project', reason })
  if (isText(tender?.title)) data.name = tender.title.trim()
  const classified = tender?.items
    ?.map((item) => item.classification)
    .find((c) => c?.scheme === 'CN-XJSL-TRADE')
  const subType = classified
    ? Number(classified.id)
    : tender?.mainProcurementCategory === 'works'
      ? 101
      : tender?.mainProcurementCategory === 'goods'
        ? 104
        : null
  const category =
    subType === null ? undefined : tradeCategory(Math.floor(subType / 100))
  if (subType !== null && category?.value === 1) {
    data.category = 1
    data.subType = subType
  } else if (subType !== null || tender?.mainProcurementCategory)
    skip(
      '只接收工程建设项目：交易子类以 items.classification（CN-XJSL-TRADE，101–104）或 mainProcurementCategory（works、goods）给出',
    )
  const buyer =
    partyOf(release, release.buyer) ??
    release.parties?.find((party) => party.roles?.includes('buyer'))
  if (isText(buyer?.name)) data.tenderer = buyer.name.trim()
  const agency = partyOf(release, tender?.procuringEntity)
  if (tender?.procuringEntity)
    data.agency =
      agency?.name && agency.name !== buyer?.name ? agency.name.trim() : ''
  const site = tender?.items?.find(
    (item) => item.deliveryAddress,
  )?.deliveryAddress
  const region = regionCodeOf(site) ?? regionCodeOf(buyer?.address)
  if (region) data.regionCode = region
  const location = addressText(site) || addressText(buyer?.address)
  if (location) data.location = location
  // 项目金额 in 万元: the budget where given, else the tender's value.
  const amount = yuan(planning?.budget?.amount) ?? yuan(tender?.value)
  if (amount !== null) data.amount = Math.round(amount / 100) / 100
  const mode = TRADE_MODES.find(
    (m) => m === tender?.procurementMethodDetails?.trim(),
  )
  const method = tender?.procurementMethod
  if (mode) data.tradeMode = mode
  else if (method === 'open') data.tradeMode = '公开招标'
  else if (method === 'selective' || method === 'limited')
    data.tradeMode = '邀请招标'
  else if (method === 'direct')
    skip('直接采购（direct）不是招标，交易方式未采用')
  if (isText(planning?.budget?.description))
    data.fundSource = planning.budget.description.trim()
  const opening = tender?.bidOpening?.date ?? tender?.tenderPeriod?.endDate
  if (isText(opening)) data.openingTime = shanghaiTime(opening)
  return data
}

function noticePart(release: Release, notTaken: NotTaken[]): PartData | null {
  const tender = release.tender
  if (!tender) return null
  const data: PartData = { noticeType: '招标公告' }
  const sale = tender.documentAvailabilityPeriod
  if (isText(sale?.startDate)) data.documentsFrom = shanghaiDay(sale.startDate)
  if (isText(sale?.endDate)) data.documentsUntil = shanghaiDay(sale.endDate)
  const deadline = tender.tenderPeriod?.endDate
  if (isText(deadline)) data.bidDeadline = shanghaiTime(deadline)
  // 招标投标法 art. 34: bids are opened at the deadline unless the release says otherwise.
  const opening = tender.bidOpening?.date ?? deadline
  if (isText(opening)) data.openingTime = shanghaiTime(opening)
  const place = addressText(tender.bidOpening?.address)
  if (place) data.openingPlace = place
  const ceiling = yuan(tender.value)
  if (ceiling !== null) data.ceilingPrice = ceiling
  else if (tender.value)
    notTaken.push({
      part: 'bidNotice',
      reason: 'tender.value 不是人民币（CNY）金额，最高投标限价未采用',
    })
  if (tender.minValue)
    notTaken.push({
      part: 'bidNotice',
      reason: 'tender.minValue：招标公告要素没有最低限价一项，未采用',
    })
  const bond = yuan(tender.bidBond)
  if (bond !== null) data.bidBond = bond
  if (isText(tender.eligibilityCriteria))
    data.qualification = tender.eligibilityCriteria.trim()
  const documents = links(tender.documents)
  if (documents.length > 0) data.documents = documents
  // Without the dates the notice is nothing but its type.
  return Object.keys(data).length > 1 ? data : null
}

// Every bid received and opened: invited tenderers, withdrawn bids and expressions of interest
// are no bids at the opening.
const OPENED_STATUSES = [undefined, null, 'pending', 'valid', 'disqualified']

function openingPart(release: Release, notTaken: NotTaken[]): PartData | null {
  const details = (release.bids?.details ?? []).filter(
    (bid) =>
      OPENED_STATUSES.includes(bid.status) &&
      bid.submissionType !== 'expressionOfInterest',
  )
  if (details.length === 0) return null
  const bids = []
  for (const bid of details) {
    const bidder = companyOf(release, bid.tenderers?.[0])
    const price = yuan(bid.value)
    if ('problem' in bidder || price === null) {
      notTaken.push({
        part: 'bidOpening',
        reason: `投标“${bid.id}”：${'problem' in bidder ? bidder.problem : '没有人民币（CNY）投标报价'}；开标记录须列出每一份投标，未采用`,
      })
      return null
    }
    if ((bid.tenderers?.length ?? 0) > 1)
      notTaken.push({
        part: 'bidOpening',
        reason: `投标“${bid.id}”为联合体投标，开标记录只记牵头人“${bidder.name}”`,
      })
    bids.push({ bidder, price, opened: true })
  }
  return { bids }
}

const isLive = (status: string | null | undefined) =>
  status !== 'cancelled' && status !== 'terminated'

function resultPart(release: Release, notTaken: NotTaken[]): PartData | null {
  const skip = (reason: string) => notTaken.push({ part: 'bidResult', reason })
  const active = (release.awards ?? []).filter((a) => a.status === 'active')
  const others = (release.awards ?? []).filter((a) => a.status !== 'active')
  for (const award of others)
    skip(
      `授标“${award.id}”状态为 ${award.status ?? '（空）'}，只采用 active 的授标`,
    )
  if (active.length > 1) {
    skip('有多个 active 授标（分标段），无法对应一份中标结果公告')
    return null
  }
  const award: Award | undefined = active[0]
  const data: PartData = {}
  if (award) {
    const winner = companyOf(release, award.suppliers?.[0])
    if ('problem' in winner) skip(`中标人：${winner.problem}`)
    else data.winner = winner
    const price = yuan(award.value)
    if (price !== null) data.price = price
    if (isText(award.date)) data.awardNoticeDate = shanghaiDay(award.date)
  }
  const live = (release.contracts ?? []).filter((c) => isLive(c.status))
  const contract: Contract | undefined = award
    ? live.find((c) => String(c.awardID) === String(award.id))
    : live.length === 1
      ? live[0]
      : undefined
  if (!award && live.length > 1)
    skip('有多份合同而没有 active 授标，无法判断属于哪一中标结果')
  if (contract) {
    if (isText(contract.dateSigned))
      data.contractDate = shanghaiDay(contract.dateSigned)
    const amount = yuan(contract.value)
    if (amount !== null) data.contractAmount = amount
  }
  const documents = [...links(award?.documents), ...links(contract?.documents)]
  if (documents.length > 0) data.documents = documents
  return Object.keys(data).length > 0 ? data : null
}

const CANCELLATIONS: Record<string, { part: ImportPart; what: string }> = {
  tenderCancellation: { part: 'bidNotice', what: '招标公告' },
  awardCancellation: { part: 'bidResult', what: '中标结果公告' },
}

export function mapRelease(release: Release): MappedRelease {
  const notTaken: NotTaken[] = []
  const parts: MappedRelease['parts'] = {}
  const project = projectPart(release, notTaken)
  if (Object.keys(project).length > 0) parts.project = project
  const makers = {
    bidNotice: noticePart,
    bidOpening: openingPart,
    bidResult: resultPart,
  }
  for (const [part, make] of Object.entries(makers) as [
    keyof typeof makers,
    (typeof makers)[keyof typeof makers],
  ][]) {
    const data = make(release, notTaken)
    if (data) parts[part] = data
  }
  // A cancellation takes a public notice back: a 内容审核 withdraws it, with its reason.
  for (const tag of release.tag) {
    const cancelled = CANCELLATIONS[tag]
    if (!cancelled) continue
    delete parts[cancelled.part]
    notTaken.push({
      part: cancelled.part,
      reason: `${tag}：撤销不自动撤回已发布的${cancelled.what}，请内容审核在管理控制台撤回并写明原因；本发布中的${cancelled.what}要素未采用`,
    })
  }
  if (
    release.tender?.status === 'cancelled' &&
    !release.tag.includes('tenderCancellation')
  ) {
    delete parts.bidNotice
    notTaken.push({
      part: 'bidNotice',
      reason:
        'tender.status 为 cancelled：招标公告要素未采用，撤回请由内容审核办理',
    })
  }
  if (release.bids || release.awards)
    notTaken.push({
      part: 'bidEvaluation',
      reason:
        'OCDS 没有评标办法、评标报告日期、公示期和评标委员会人数，评标结果公示不由推送生成',
    })
  return { parts, notTaken }
}
