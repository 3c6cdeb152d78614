// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import type { StageFacts } from '#common/schemas/content/stage-facts.ts'
import type { ProjectDetail } from '#common/schemas/project.ts'
import { projectDetail } from '#tests/business-fixtures.ts'
import {
  bidders,
  bidEvaluationFacts,
  bidOpeningFacts,
  bidResultFacts,
  tenderNoticeFacts,
} from '#tests/stage-facts-fixtures.ts'
import '#tests/jsdom-shims.ts'

import { ProjectView } from './project-view.tsx'

afterEach(cleanup)

const STAGE_NAMES = {
  bidNotice: '招标公告',
  bidOpening: '开标记录',
  bidEvaluation: '评标结果公示',
  bidResult: '中标结果公告',
}

function projectWith(...all: StageFacts[]): ProjectDetail {
  return {
    ...projectDetail,
    stages: [
      projectDetail.stages[0]!,
      ...all.map((facts, i) => ({
        stage: facts.stage,
        stageName: STAGE_NAMES[facts.stage],
        announcement: {
          id: 20 + i,
          title: `${STAGE_NAMES[facts.stage]}正文`,
          content: `<p>${STAGE_NAMES[facts.stage]}详见附件。</p>`,
          publishTime: '2025-04-24 15:00:00',
          files: [],
          facts,
        },
      })),
    ],
  }
}

function renderAt(project: ProjectDetail, stage: string) {
  const router = createMemoryRouter(
    [{ path: '*', element: <ProjectView project={project} stage={stage} /> }],
    { initialEntries: [`/business/detail?id=3&stage=${stage}`] },
  )
  render(<RouterProvider router={router} />)
}

const project = projectWith(
  tenderNoticeFacts,
  bidOpeningFacts,
  bidEvaluationFacts,
  bidResultFacts,
)

describe('公告要素 on a stage’s tab', () => {
  it('lists each bid of the 开标记录 with its price, and why a bid was not opened', () => {
    renderAt(project, 'bidOpening')
    const block = screen.getByRole('region', { name: '公告要素' })
    const table = within(block).getByRole('table', {
      name: '开标记录（共 4 家投标人）',
    })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      '序号',
      '投标人',
      '投标报价（元）',
      '工期（日历天）',
      '质量承诺',
      '开标情况',
    ])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['1', '27,980,512.50', '365', '合格', '已开启'],
      ['2', '28,100,000.00', '360', '合格', '已开启'],
      ['3', '26,500,000.00', '365', '合格', '未开启：投标文件逾期送达'],
      ['4', '25,300,000.00', '330', '合格', '已开启'],
    ])
    // Each row is named by its bidder, with the credit code the record publishes.
    expect(within(rows[2]!).getByRole('rowheader').textContent).toBe(
      `${bidders.third.name}统一社会信用代码：${bidders.third.creditCode}`,
    )
    // The table scrolls in its own box on a phone, reached by the keyboard.
    const scroller = screen.getByRole('region', {
      name: '开标记录（共 4 家投标人）',
    })
    expect(scroller.tabIndex).toBe(0)
    expect(scroller.contains(table)).toBe(true)
  })

  it('gives the 招标公告’s dates and amounts in 元 with two decimals', () => {
    renderAt(project, 'bidNotice')
    const block = screen.getByRole('region', { name: '公告要素' })
    const value = (label: string) =>
      within(block).getByText(label).nextElementSibling?.textContent
    expect(value('文件发售期')).toBe('2025-04-02 至 2025-04-09')
    expect(value('投标截止时间')).toBe('2025-04-24 10:30')
    expect(value('开标时间及地点')).toBe(
      '2025-04-24 10:30，昌吉州公共资源交易中心开标二室',
    )
    expect(value('最高投标限价（元）')).toBe('28,564,000.00')
    expect(value('投标保证金（元）')).toBe('500,000.00')
    // Said only of a repeated tender.
    expect(within(block).queryByText('重新招标')).toBeNull()
  })

  it('names the candidates and the rejected bids with the reasons of the 评标结果公示', () => {
    renderAt(project, 'bidEvaluation')
    const candidates = screen.getByRole('table', { name: '中标候选人' })
    expect(
      within(candidates).getAllByRole('rowheader')[0]!.textContent,
    ).toContain(bidders.first.name)
    const rejected = screen.getByRole('table', { name: '被否决的投标' })
    const row = within(rejected).getAllByRole('row')[1]!
    expect(within(row).getByRole('rowheader').textContent).toContain(
      bidders.fourth.name,
    )
    expect(within(row).getByRole('cell').textContent).toBe(
      '未按招标文件要求提交投标保证金',
    )
  })

  it('shows nothing more on a stage without facts', () => {
    renderAt(project, 'entry')
    expect(screen.getByText('已入场')).toBeTruthy()
    expect(screen.queryByRole('region', { name: '公告要素' })).toBeNull()
  })
})

describe('招标投标概况', () => {
  it('sums up the tender period, the bidders and the publicity above the tabs', () => {
    renderAt(project, 'bidResult')
    const overview = screen.getByRole('region', { name: '招标投标概况' })
    expect(
      within(overview)
        .getAllByRole('term')
        .map((term) => [
          term.textContent,
          term.nextElementSibling?.textContent,
        ]),
    ).toEqual([
      ['招标期', '22 日2025-04-02 至 2025-04-24'],
      ['投标人数', '4 家'],
      ['公示期', '2025-04-27 至 2025-04-29'],
    ])
  })

  it('is left out for a project without facts', () => {
    renderAt(projectDetail, 'entry')
    expect(screen.queryByRole('region', { name: '招标投标概况' })).toBeNull()
  })
})
