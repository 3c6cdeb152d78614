import { describe, expect, it } from 'vitest'

import { creditPublicUntil, creditStatusOn } from '#common/constants/credit.ts'
import {
  CreditFieldsSchema,
  type CreditFields,
} from '#common/schemas/content/credit-fields.ts'
import { shanghaiDay } from '#server/credit/credit-service.ts'

import { planDemoCreditRecords } from './credit-records.ts'

describe('the demo credit records', () => {
  const now = new Date('2026-11-24T10:00:00+08:00')
  const planned = planDemoCreditRecords(now)
  const fields = planned.map((entry) => entry.fields as CreditFields)
  const statuses = fields.map((record) =>
    creditStatusOn(
      creditPublicUntil(record.decisionDate, record.restrictionEndDate),
      shanghaiDay(now),
    ),
  )

  it('are valid records of every kind of party, with valid codes, published after their decision and never in the future', () => {
    for (const record of fields)
      expect(CreditFieldsSchema.safeParse(record).error).toBeUndefined()
    expect(new Set(fields.map((r) => r.partyKind))).toEqual(
      new Set(['bidder', 'agency', 'expert', 'tenderer']),
    )
    expect(fields.find((r) => r.partyKind === 'expert')?.creditCode).toBe('')
    for (const entry of planned) {
      expect(entry.publishedAt.getTime()).toBeLessThanOrEqual(now.getTime())
      expect(
        shanghaiDay(entry.publishedAt) >=
          (entry.fields as CreditFields).decisionDate,
      ).toBe(true)
    }
  })

  it('hold records within their six months and archived ones, and one kept public by a longer restriction', () => {
    expect(
      statuses.filter((s) => s === 'public').length,
    ).toBeGreaterThanOrEqual(3)
    expect(
      statuses.filter((s) => s === 'archived').length,
    ).toBeGreaterThanOrEqual(2)
    const restricted = fields.findIndex((r) => r.restrictionEndDate !== null)
    expect(restricted).toBeGreaterThanOrEqual(0)
    const record = fields[restricted]!
    // Decided more than six months ago, yet public.
    expect(
      creditPublicUntil(record.decisionDate, null) < shanghaiDay(now),
    ).toBe(true)
    expect(statuses[restricted]).toBe('public')
  })
})
