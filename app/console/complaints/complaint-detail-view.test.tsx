// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { pretendPhoneScreen } from '#tests/jsdom-shims.ts'

import { complaintDetail } from '#tests/workbench-fixtures.ts'

import { ComplaintDetailView } from './complaint-detail-view.tsx'

afterEach(cleanup)

const region = (name: string) => screen.getByRole('region', { name })

describe('a complaint as the department sees it', () => {
  it('names the parties unmasked, with each respondent and how to reach it', () => {
    render(<ComplaintDetailView complaint={complaintDetail()} />)
    const parties = region('投诉人与被投诉人')
    expect(within(parties).getByText('91650100MA77XF1234')).toBeTruthy()
    expect(within(parties).getByText('李明 13899887766')).toBeTruthy()
    expect(
      within(parties).getByText(
        '阿拉尔市水利局（招标人） · 联系方式：0997-1234567 · 地址：阿拉尔市',
      ),
    ).toBeTruthy()
  })

  it('offers PDFs in the viewer and every file for download: objection proof, evidence, documents', () => {
    render(<ComplaintDetailView complaint={complaintDetail()} />)
    const objection = region('异议及答复')
    expect(
      within(objection).getByText(
        /招标人于 2026-10-23 答复：招标人维持原评标结果/,
      ),
    ).toBeTruthy()
    expect(
      within(objection).getByRole('button', { name: '在线预览 异议书.pdf' }),
    ).toBeTruthy()
    const evidence = region('证据材料')
    expect(
      within(evidence).getByRole('button', {
        name: '在线预览 证据一 业绩合同.pdf',
      }),
    ).toBeTruthy()
    // An image is not a PDF: it downloads.
    expect(
      within(evidence).queryByRole('button', { name: /验收证书/ }),
    ).toBeNull()
    expect(
      within(evidence)
        .getByRole('link', { name: '下载 验收证书.jpg' })
        .getAttribute('href'),
    ).toBe('/files/evid0002/a.jpg')
    const documents = region('文书')
    expect(
      within(documents).getByText(
        '受理通知书 · 2026-11-02 11:00:00 · 投诉人尚未签收',
      ),
    ).toBeTruthy()
  })

  it('shows the timeline with the person who acted, and the deadlines', () => {
    render(<ComplaintDetailView complaint={complaintDetail()} />)
    const timeline = region('办理经过')
    expect(
      within(timeline).getByText(
        /2026-11-02 11:00:00 · 工作人员 赵科长 · 待受理 → 待处理/,
      ),
    ).toBeTruthy()
    const deadlines = region('法定期限')
    expect(within(deadlines).getByText('2026-12-14')).toBeTruthy()
    expect(within(deadlines).getByText('已按期办结')).toBeTruthy()
    expect(screen.getByText('暂停招标投标活动')).toBeTruthy()
  })

  it('sets a 内部意见 apart from what the complainant reads, and says so', () => {
    const complaint = complaintDetail()
    complaint.timeline[1] = {
      ...complaint.timeline[1]!,
      reason: '投诉符合受理条件，决定受理',
      internalNote: '请马文同志承办，注意核对业绩合同原件。',
    }
    render(<ComplaintDetailView complaint={complaint} />)
    const timeline = region('办理经过')
    expect(
      within(timeline).getByText('投诉符合受理条件，决定受理'),
    ).toBeTruthy()
    const note = within(timeline).getByText(
      '请马文同志承办，注意核对业绩合同原件。',
      { exact: false },
    )
    expect(note.textContent).toBe(
      '内部意见（投诉人不可见）：请马文同志承办，注意核对业绩合同原件。',
    )
  })

  it('lists the deadlines on a phone with the due date and status first, nothing to scroll sideways for', async () => {
    const restore = pretendPhoneScreen()
    try {
      render(<ComplaintDetailView complaint={complaintDetail()} />)
      const deadlines = region('法定期限')
      expect(within(deadlines).queryByRole('table')).toBeNull()
      const items = await within(deadlines).findAllByRole('listitem')
      expect(items.map((item) => item.textContent)).toEqual([
        '受理期限（收到投诉后3个工作日，补正材料期间不计入）届满日：2026-11-05 已按期办结自 2026-11-02 起算3个工作日',
        expect.stringMatching(
          /^处理期限.*届满日：2026-12-14 期限内自 2026-11-02 起算30个工作日$/,
        ),
      ])
    } finally {
      restore()
    }
  })

  it('says what is not there rather than showing empty sections', () => {
    render(
      <ComplaintDetailView
        complaint={complaintDetail({
          objection: null,
          files: [],
          documents: [],
          deadlines: [],
        })}
      />,
    )
    expect(within(region('证据材料')).getByText('未附证据材料')).toBeTruthy()
    expect(within(region('文书')).getByText('尚未出具文书')).toBeTruthy()
    expect(within(region('材料补正')).getByText('未要求补正材料')).toBeTruthy()
    expect(
      within(region('法定期限')).getByText('无进行中的法定期限'),
    ).toBeTruthy()
  })
})
