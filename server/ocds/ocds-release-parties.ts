import { PROCUREMENT_TRADE_CATEGORIES } from './ocds-codes.ts'
import type { KnownParty, PartyDirectory } from './ocds-parties.ts'
import type {
  OcdsProject,
  ReleaseEvent,
  ReleaseFacts,
} from './ocds-release-event.ts'

export function partiesNamed(
  event: ReleaseEvent,
  facts: ReleaseFacts | null,
): { name: string; creditCode: string | null }[] {
  const names = [event.project.tenderer, event.project.agency]
  if (facts) names.push(...facts.tenderers)
  return names
    .filter((name) => name.trim() !== '')
    .map((name) => ({ name, creditCode: facts?.creditCodes[name] ?? null }))
}

// A 统一社会信用代码 is an identifier in the market regulator's register, CN-SAIC
// (docs/decisions/0056-uscc-in-ocds-parties-is-cn-saic.md), as the credit records give it too.
const USCC_SCHEME = 'CN-SAIC'

// The codes a stage's facts give, checked by their schema's check character; a table's are not
// (partiesNamed passes both to the hook).
export function checkedCodes(
  facts: ReleaseFacts | null,
): Record<string, string> {
  return facts?.stage && facts.stage.stage !== 'bidNotice'
    ? facts.creditCodes
    : {}
}

const ROLE_ORDER = ['buyer', 'procuringEntity', 'payee', 'tenderer', 'supplier']

type PartyRoles = Map<string, Set<string>>

export function addRole(roles: PartyRoles, name: string, role: string) {
  if (name.trim() === '') return
  const held = roles.get(name) ?? new Set<string>()
  held.add(role)
  roles.set(name, held)
}

// 招标人, 采购人 is the buyer; 出让人, 转让方 is paid for what is sold. The agency manages the
// trade, or else that same party.
export function projectRoles(project: OcdsProject): PartyRoles {
  const roles: PartyRoles = new Map()
  const isProcurement = PROCUREMENT_TRADE_CATEGORIES.includes(project.category)
  addRole(roles, project.tenderer, isProcurement ? 'buyer' : 'payee')
  addRole(roles, project.agency.trim() || project.tenderer, 'procuringEntity')
  return roles
}

// A party keeps the id its name gives in every release (ocds-parties.ts), so that no release
// depends on which others are read with it; the code a release's own facts give is its
// identifier there, unless the hook gave one.
export function partyEntry(
  name: string,
  roles: Set<string>,
  known: KnownParty,
  checkedCode?: string,
) {
  const extras = known.extras ?? {}
  const identifier =
    extras.identifier ??
    (checkedCode
      ? { scheme: USCC_SCHEME, id: checkedCode, legalName: name }
      : undefined)
  return {
    id: known.id,
    name,
    ...(identifier ? { identifier } : {}),
    ...(extras.additionalIdentifiers?.length
      ? { additionalIdentifiers: extras.additionalIdentifiers }
      : {}),
    ...(extras.address ? { address: extras.address } : {}),
    ...(extras.contactPoint ? { contactPoint: extras.contactPoint } : {}),
    roles: ROLE_ORDER.filter((role) => roles.has(role)),
    ...(extras.details ? { details: extras.details } : {}),
  }
}

export function reference(name: string, parties: PartyDirectory) {
  return { id: parties(name).id, name }
}
