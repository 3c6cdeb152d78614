import type { Kysely } from 'kysely'

import {
  creditDecisionLabel,
  creditPartyKind,
} from '#common/constants/credit.ts'
import { CREDIT_FEED } from '#common/constants/feeds.ts'
import { creditPath } from '#common/public-paths.ts'
import type { Database } from '#server/db/schema.ts'
import {
  type FeedSource,
  idBlockSitemapSource,
  laterTime,
} from '#server/open-data/open-data-sources.ts'

import {
  findNewestCreditRecords,
  findPublishedCreditBlocks,
  findPublishedCreditStamps,
} from './credit-repository.ts'
import { findPartyCreditRecords } from './credit-service.ts'

// Only published records, public or archived; a withdrawn one is in none of them.

export const creditFeedSource: FeedSource = {
  ...CREDIT_FEED,
  async items(db, limit) {
    const rows = await findNewestCreditRecords(db, limit)
    return rows.map((row) => {
      const kind = creditPartyKind(row.partyKind)?.label ?? ''
      const document = row.documentNumber ? `，${row.documentNumber}` : ''
      return {
        title: `${row.partyName}${creditDecisionLabel(row.decisionType)}`,
        path: creditPath(row.id),
        summary: `${row.violation}（${row.authority}于 ${row.decisionDate} 作出决定${document}）`,
        category: kind ? `信用信息·${kind}` : '信用信息',
        published: row.publishTime,
        updated: laterTime(row.publishTime, row.correctedAt)!,
      }
    })
  },
}

export const creditSitemapSource = idBlockSitemapSource({
  kind: 'credit',
  blocks: findPublishedCreditBlocks,
  rows: findPublishedCreditStamps,
  entry: (row) => ({
    path: creditPath(row.id),
    lastmod: laterTime(row.publishTime, row.correctedAt),
  }),
})

// org-id.guide lists no scheme of the code itself; CN-SAIC, the market regulator's register
// numbered by the code since 2015, is the one whose identifiers the code is
// (docs/decisions/0056-uscc-in-ocds-parties-is-cn-saic.md).
const USCC_SCHEME = 'CN-SAIC'

// GB 32100-2015's alphabet.
const USCC = /^[0-9A-HJ-NP-RTUW-Y]{18}$/

type CreditPartyExtras = {
  identifier?: { scheme: string; id: string; legalName: string }
  details: {
    creditRecords: {
      id: number
      url: string
      decisionDate: string
      decisionType: string
      authority: string
      status: string
    }[]
  }
}

// Records under the same name with another code are another organisation's: left out when the
// announcement gives the code.
export function creditPartyDetails(
  db: Kysely<Database>,
  baseUrl: string,
  now: () => Date = () => new Date(),
) {
  return async (party: {
    name: string
    creditCode: string | null
  }): Promise<CreditPartyExtras | null> => {
    const given = party.creditCode?.trim().toUpperCase() || null
    const found = await findPartyCreditRecords(
      db,
      { name: party.name, creditCode: given ?? undefined },
      now(),
    )
    const records = given
      ? found.filter((r) => r.creditCode === null || r.creditCode === given)
      : found
    if (records.length === 0) return null
    const codes = new Set(
      records.flatMap((r) => (r.creditCode ? [r.creditCode] : [])),
    )
    const [code] = codes
    const named = records.find((r) => r.creditCode === code)
    return {
      ...(codes.size === 1 && code && USCC.test(code) && named
        ? {
            identifier: {
              scheme: USCC_SCHEME,
              id: code,
              legalName: named.partyName,
            },
          }
        : {}),
      details: {
        creditRecords: records.map((r) => ({
          id: r.id,
          url: `${baseUrl}${creditPath(r.id)}`,
          decisionDate: r.decisionDate,
          decisionType: r.decisionType,
          authority: r.authority,
          status: r.status,
        })),
      },
    }
  }
}
