import { readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import examplePackage from '#tests/ocds-release-package.json' with { type: 'json' }

import {
  MAX_PROBLEMS,
  releasePackageProblems,
} from './release-package-validation.ts'

const example = () => structuredClone(examplePackage) as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- edited freely below

describe('validating a pushed release package', () => {
  it('takes the documented example, a tender with three bids, an award and a contract', () => {
    expect(releasePackageProblems(example())).toEqual([])
  })

  it('is the example docs/api/ocds-import.md shows, byte for byte as JSON', () => {
    const doc = readFileSync(
      path.join(import.meta.dirname, '../../../docs/api/ocds-import.md'),
      'utf8',
    )
    const block = /```json\n([\s\S]*?)\n```/.exec(doc)?.[1]
    expect(block).toBeDefined()
    expect(JSON.parse(block!)).toEqual(examplePackage)
  })

  it('names each problem by its JSON pointer, in Chinese', () => {
    const body = example()
    const release = body.releases[0]
    delete release.date
    release.tag = ['tender', 'bidOpening']
    release.tender.tenderPeriod.endDate = '2026-09-22 10:30'
    release.bids.details[1].status = 'accepted'
    release.bids.details[2].value.amount = '26950000'
    expect(releasePackageProblems(body)).toEqual([
      { pointer: '/releases/0/date', message: '缺少必填字段“date”' },
      {
        pointer: '/releases/0/tag/1',
        message: expect.stringMatching(/^取值不在OCDS代码表中，可选：planning/),
      },
      {
        pointer: '/releases/0/tender/tenderPeriod/endDate',
        message:
          '应为带时区的日期时间（RFC 3339），如 2026-09-22T10:30:00+08:00',
      },
      {
        pointer: '/releases/0/bids/details/1/status',
        message: expect.stringMatching(/^取值不在OCDS代码表中，可选：invited/),
      },
      {
        pointer: '/releases/0/bids/details/2/value/amount',
        message: '类型错误：应为数字或null',
      },
    ])
  })

  it('applies the bids extension: a bid without its id is refused', () => {
    const body = example()
    delete body.releases[0].bids.details[0].id
    expect(releasePackageProblems(body)).toEqual([
      {
        pointer: '/releases/0/bids/details/0/id',
        message: '缺少必填字段“id”',
      },
    ])
  })

  it(`answers at most ${MAX_PROBLEMS} problems`, () => {
    const body = example()
    body.releases = Array.from({ length: 30 }, () => ({}))
    const problems = releasePackageProblems(body)
    expect(problems).toHaveLength(MAX_PROBLEMS)
    expect(problems[0]).toEqual({
      pointer: '/releases/0/ocid',
      message: '缺少必填字段“ocid”',
    })
  })

  it('refuses what is no package at all', () => {
    expect(releasePackageProblems([])).toEqual([
      { pointer: '', message: '类型错误：应为对象' },
    ])
  })
})
