import { createHash } from 'node:crypto'

/*
 * The parties of the releases (招标人, 代理机构, 投标人, 中标人 …) are known here by name, as the
 * announcements name them. What else is known of an organisation (its unified social credit
 * code, the public credit records of server/credit once they exist) is asked of one function,
 * `OcdsPartyDetails`, given to the OCDS plugin: the hook by which other areas add to a party
 * without this edge knowing them.
 */

/** An organisation identifier (OCDS Identifier): a register (org-id.guide code) and the id in it. */
type OcdsIdentifier = {
  scheme: string
  id: string
  legalName?: string
  uri?: string
}

/** What the hook may add to a party; each field as OCDS's Organization defines it. */
export type OcdsPartyExtras = {
  /** The party's primary identifier; its scheme and id then make the party's id. */
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
  /** Anything else, as the `details` object of the party (e.g. its public credit records). */
  details?: Record<string, unknown>
}

/**
 * More about a party from elsewhere: given its name and, when an announcement states it, its
 * 统一社会信用代码, the extras to attach, or null for none. Called once per distinct party of a
 * response; it must not throw for an unknown party (null), and should answer from an index.
 */
export type OcdsPartyDetails = (party: {
  name: string
  creditCode: string | null
}) => Promise<OcdsPartyExtras | null>

/** No details: what the portal attaches until an area provides some. */
export const noPartyDetails: OcdsPartyDetails = async () => null

/** A party as the releases of a response know it: its id and the extras found for it. */
export type KnownParty = { id: string; extras: OcdsPartyExtras | null }
export type PartyDirectory = (name: string) => KnownParty

/**
 * The id of a party within a contracting process: the scheme and id of its identifier when one
 * is known, otherwise one made from its name (the same name, the same id, in every release).
 */
export function partyId(name: string, extras: OcdsPartyExtras | null): string {
  const identifier = extras?.identifier
  if (identifier) return `${identifier.scheme}-${identifier.id}`
  return `org-${createHash('sha256').update(name).digest('hex').slice(0, 16)}`
}

/**
 * Asks the hook once for each of `parties` (by name; the first credit code given wins), all at
 * once, and answers every later question about a name from what it said. A hook that fails is
 * treated as having nothing to add: the releases never depend on it.
 */
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
