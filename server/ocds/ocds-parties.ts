import { createHash } from 'node:crypto'

// Parties are known here by name, as the announcements name them; other areas add to a party
// through the OcdsPartyDetails hook without this edge knowing them.

// A register (org-id.guide code) and the id in it.
type OcdsIdentifier = {
  scheme: string
  id: string
  legalName?: string
  uri?: string
}

export type OcdsPartyExtras = {
  // Its scheme and id then make the party's id.
  identifier?: OcdsIdentifier
  additionalIdentifiers?: OcdsIdentifier[]
  address?: {
    streetAddress?: string
    locality?: string
    region?: string
    postalCode?: string
    countryName?: string
  }
  contactPoint?: {
    name?: string
    email?: string
    telephone?: string
    faxNumber?: string
    url?: string
  }
  details?: Record<string, unknown>
}

// Called once per distinct party of a response; it must not throw for an unknown party (null),
// and should answer from an index.
export type OcdsPartyDetails = (party: {
  name: string
  creditCode: string | null
}) => Promise<OcdsPartyExtras | null>

export const noPartyDetails: OcdsPartyDetails = async () => null

export type KnownParty = { id: string; extras: OcdsPartyExtras | null }
export type PartyDirectory = (name: string) => KnownParty

// The same name gives the same id in every release.
export function partyId(name: string, extras: OcdsPartyExtras | null): string {
  const identifier = extras?.identifier
  if (identifier) return `${identifier.scheme}-${identifier.id}`
  return `org-${createHash('sha256').update(name).digest('hex').slice(0, 16)}`
}

// A hook that fails is treated as having nothing to add: the releases never depend on it.
export async function lookUpParties(
  parties: Iterable<{ name: string; creditCode: string | null }>,
  details: OcdsPartyDetails,
): Promise<PartyDirectory> {
  const byName = new Map<string, string | null>()
  for (const { name, creditCode } of parties)
    if (!byName.has(name) || byName.get(name) === null)
      byName.set(name, creditCode)
  const found = new Map<string, KnownParty>()
  await Promise.all(
    [...byName].map(async ([name, creditCode]) => {
      const extras = await details({ name, creditCode }).catch(() => null)
      found.set(name, { id: partyId(name, extras), extras })
    }),
  )
  return (name) => found.get(name) ?? { id: partyId(name, null), extras: null }
}
