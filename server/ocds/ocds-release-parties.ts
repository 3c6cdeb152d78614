import type { AnnouncementFacts } from './announcement-facts.ts'
import { PROCUREMENT_TRADE_CATEGORIES } from './ocds-codes.ts'
import type { KnownParty, PartyDirectory } from './ocds-parties.ts'
import type { OcdsProject, ReleaseEvent } from './ocds-release-event.ts'

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

export function partyEntry(
  name: string,
  roles: Set<string>,
  known: KnownParty,
) {
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

export function reference(name: string, parties: PartyDirectory) {
  return { id: parties(name).id, name }
}
