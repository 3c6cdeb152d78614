import { createHash } from 'node:crypto'

import type { IndicatorCode } from '#common/constants/supervision.ts'
import { committee } from './indicators/committee-indicator.ts'
import {
  biddingRing,
  repeatWinner,
} from './indicators/cross-tender-indicators.ts'
import {
  lowestRejected,
  nearCeiling,
  singleValidBid,
  tooFewBidders,
} from './indicators/competition-indicators.ts'
import { bidBond, regularPrices } from './indicators/price-indicators.ts'
import {
  lateContract,
  publicity,
  salePeriod,
  tenderPeriod,
} from './indicators/schedule-indicators.ts'
import type { TenderHistory } from './tender-parties.ts'
import type {
  Finding,
  Indicator,
  IndicatorContext,
  TenderRecord,
} from './tender-record.ts'

/** Every indicator, in the order the queue and the figures list them (INDICATORS). */
export const TENDER_INDICATORS: readonly Indicator[] = [
  tenderPeriod,
  salePeriod,
  tooFewBidders,
  singleValidBid,
  publicity,
  lateContract,
  bidBond,
  regularPrices,
  nearCeiling,
  lowestRejected,
  committee,
]

export type Warning = Finding & { code: IndicatorCode; fingerprint: string }

const fingerprintOf = (finding: Finding) =>
  createHash('sha256').update(JSON.stringify(finding.inputs)).digest('hex')

/**
 * The warnings one tender raises now: from its own facts, and with its history (the same
 * companies' other bids, the tenderer's other awards) from those that look across tenders. The
 * fingerprint is of the inputs: while it stays the same the warning stays as staff left it; when
 * it changes the warning is raised again.
 */
export function evaluateTender(
  record: TenderRecord,
  context: IndicatorContext,
  history?: TenderHistory,
): Warning[] {
  const found: [IndicatorCode, Finding | null][] = [
    ...TENDER_INDICATORS.map(
      (indicator) =>
        [indicator.code, indicator.evaluate(record, context)] as [
          IndicatorCode,
          Finding | null,
        ],
    ),
    ...(history
      ? [biddingRing, repeatWinner].map(
          (indicator) =>
            [
              indicator.code,
              indicator.evaluate(record, history, context.thresholds),
            ] as [IndicatorCode, Finding | null],
        )
      : []),
  ]
  return found
    .filter((entry): entry is [IndicatorCode, Finding] => entry[1] !== null)
    .map(([code, finding]) => ({
      code,
      ...finding,
      fingerprint: fingerprintOf(finding),
    }))
}
