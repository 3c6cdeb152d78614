import { REGIONS } from '#common/constants/trade.ts'
import { creditCodeProblem } from '#common/schemas/credit.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'

// The part of an OCDS 1.1.5 release (with the bids extension) the import reads. The package has
// passed the official schema (release-package-validation.ts) before any of this is read, so the
// shapes hold; these types only name them. Fields outside the core and the bids extension are
// read where a platform gives them: `tender.documentAvailabilityPeriod` (招标文件发售期, after
// UBL's DocumentAvailabilityPeriod), `tender.bidBond` (投标保证金, a Value), `tender.bidOpening`
// (the community Bid opening extension) and `Item.deliveryAddress` (the Location extension).

export type Value = { amount?: number | null; currency?: string | null }
export type Period = { startDate?: string | null; endDate?: string | null }
export type Address = {
  streetAddress?: string | null
  locality?: string | null
  region?: string | null
}
export type Reference = { id?: string | null; name?: string | null }
export type Identifier = { scheme?: string | null; id?: string | number | null }
export type Party = Reference & {
  identifier?: Identifier
  additionalIdentifiers?: Identifier[]
  address?: Address
  roles?: string[]
}
export type Document = {
  documentType?: string | null
  title?: string | null
  url?: string | null
}
export type Bid = {
  id: string
  status?: string | null
  submissionType?: string | null
  tenderers?: Reference[]
  value?: Value
}
export type Award = {
  id: string | number
  status?: string | null
  date?: string | null
  value?: Value
  suppliers?: Reference[]
  documents?: Document[]
}
export type Contract = {
  id: string | number
  awardID: string | number
  status?: string | null
  dateSigned?: string | null
  value?: Value
  documents?: Document[]
}
export type Tender = {
  id?: string | number | null
  title?: string | null
  status?: string | null
  procuringEntity?: Reference
  items?: {
    classification?: { scheme?: string | null; id?: string | number | null }
    deliveryAddress?: Address
  }[]
  value?: Value
  minValue?: Value
  procurementMethod?: string | null
  procurementMethodDetails?: string | null
  mainProcurementCategory?: string | null
  tenderPeriod?: Period
  eligibilityCriteria?: string | null
  documents?: Document[]
  documentAvailabilityPeriod?: Period
  bidBond?: Value
  bidOpening?: { date?: string | null; address?: Address }
}
export type Release = {
  ocid: string
  id: string
  date: string
  tag: string[]
  parties?: Party[]
  buyer?: Reference
  planning?: { budget?: { amount?: Value; description?: string | null } }
  tender?: Tender
  bids?: { details?: Bid[] }
  awards?: Award[]
  contracts?: Contract[]
}

/**
 * Schemes whose identifier is the 统一社会信用代码: CN-USCC as platforms name it, and CN-SAIC, the
 * org-id.guide scheme the portal's own releases use (decision 0056).
 */
export const USCC_SCHEMES = ['CN-USCC', 'CN-SAIC']

export const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== ''

/** Beijing time as the portal stores it, `YYYY-MM-DD HH:mm:ss`. */
export const shanghaiTime = (dateTime: string) =>
  toShanghaiText(new Date(dateTime))
export const shanghaiDay = (dateTime: string) =>
  shanghaiTime(dateTime).slice(0, 10)

/** A CNY amount; null when there is none or it is in another currency. */
export function yuan(value: Value | undefined): number | null {
  if (typeof value?.amount !== 'number' || value.currency !== 'CNY') return null
  return value.amount
}

export function partyOf(
  release: Release,
  reference: Reference | undefined,
): Party | undefined {
  if (!reference) return undefined
  return (
    release.parties?.find((party) => party.id === reference.id) ?? reference
  )
}

/** The organisation as a stage's facts name it, or why it cannot be. */
export function companyOf(
  release: Release,
  reference: Reference | undefined,
): { name: string; creditCode: string } | { problem: string } {
  const party = partyOf(release, reference)
  const name = party?.name?.trim() || reference?.name?.trim() || ''
  if (!name) return { problem: `组织“${reference?.id ?? ''}”没有名称` }
  const identifiers = [
    party?.identifier,
    ...(party?.additionalIdentifiers ?? []),
  ]
  const uscc = identifiers.find(
    (identifier) =>
      USCC_SCHEMES.includes(identifier?.scheme ?? '') &&
      identifier?.id !== undefined &&
      identifier.id !== null,
  )
  if (!uscc)
    return {
      problem: `“${name}”没有统一社会信用代码（parties 中 identifier.scheme 为 CN-USCC）`,
    }
  const creditCode = String(uscc.id).trim().toUpperCase()
  const problem = creditCodeProblem(creditCode)
  return problem ? { problem: `“${name}”的${problem}` } : { name, creditCode }
}

export const addressText = (address: Address | undefined) =>
  [address?.region, address?.locality, address?.streetAddress]
    .filter(isText)
    .map((part) => part.trim())
    .join('')

/** The prefecture (GB/T 2260) an address's region names, by its code or its name. */
export function regionCodeOf(address: Address | undefined): string | null {
  const region = address?.region?.trim()
  if (!region) return null
  const found =
    REGIONS.find((r) => r.value === region || r.label === region) ??
    REGIONS.find((r) => r.value !== '650000' && region.includes(r.label))
  return found?.value ?? null
}
