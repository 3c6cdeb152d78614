import { describe, expect, it } from 'vitest'

import type { StageFacts } from '#common/schemas/content/stage-facts.ts'
import type { ProjectDetail } from '#common/schemas/project.ts'
import {
  bidEvaluationFacts,
  bidOpeningFacts,
  bidResultFacts,
  tenderNoticeFacts,
} from '#tests/stage-facts-fixtures.ts'

import { tenderOverview } from './tender-overview.ts'

const stagesWith = (...all: (StageFacts | null)[]): ProjectDetail['stages'] =>
  all.map((facts, i) => ({
    stage: facts?.stage ?? 'entry',
    stageName: '',
    announcement: {
      id: i + 1,
      title: '',
      content: '<p></p>',
      publishTime: '2025-04-02 10:00:00',
      files: [],
      facts,
    },
  }))

describe('tenderOverview', () => {
  it('counts the tender period from the first issue to the deadline’s date, the first day not counted, and the bids and the publicity of the record', () => {
    expect(
      tenderOverview(
        stagesWith(
          null,
          tenderNoticeFacts,
          bidOpeningFacts,
          bidEvaluationFacts,
          bidResultFacts,
        ),
      ),
    ).toEqual([
      // 2 April to 24 April: 22 days.
      { label: '招标期', value: '22 日', note: '2025-04-02 至 2025-04-24' },
      { label: '投标人数', value: '4 家' },
      { label: '公示期', value: '2025-04-27 至 2025-04-29' },
    ])
  })

  it('counts across a month end by calendar, the deadline’s hour aside', () => {
    const notice = {
      ...tenderNoticeFacts,
      documentsFrom: '2025-02-20',
      bidDeadline: '2025-03-12 23:59:00',
    }
    expect(tenderOverview(stagesWith(notice))[0]?.value).toBe('20 日')
  })

  it('leaves out each line whose facts are missing, and says nothing without facts', () => {
    expect(
      tenderOverview(stagesWith(bidOpeningFacts)).map((line) => line.label),
    ).toEqual(['投标人数'])
    expect(tenderOverview(stagesWith(null, null))).toEqual([])
    expect(
      tenderOverview([
        { stage: 'bidNotice', stageName: '招标公告', announcement: null },
      ]),
    ).toEqual([])
  })
})
