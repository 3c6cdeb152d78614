// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { linkageDetail, projectDetail } from '#tests/business-fixtures.ts'
import '#tests/jsdom-shims.ts'

import { LinkageView } from './linkage-view.tsx'
import { ProjectView } from './project-view.tsx'

// The attachment list brings the PDF viewer and its worker; these tests are about the text.
vi.mock('#app/components/ui/attachment-list.tsx', () => ({
  AttachmentList: () => null,
}))

afterEach(cleanup)

function renderAt(element: ReactNode, path = '/business/detail?id=3') {
  const router = createMemoryRouter([{ path: '*', element }], {
    initialEntries: [path],
  })
  render(<RouterProvider router={router} />)
}

const withdrawal = { at: '2026-11-24 15:00:00', reason: '项目终止' }

describe('a withdrawn project, announcement or record', () => {
  it('keeps the project name and says when and why it was withdrawn, nothing else', () => {
    renderAt(
      <ProjectView project={{ ...projectDetail, withdrawal }} stage="entry" />,
    )
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      projectDetail.name,
    )
    expect(
      screen.getByText('本项目信息已于2026年11月24日撤回。撤回原因：项目终止'),
    ).toBeTruthy()
    expect(screen.queryByText('项目入场登记')).toBeNull()
    expect(screen.queryByRole('tab')).toBeNull()
  })

  it("says so on the withdrawn stage's tab, the other stages as they were", () => {
    const project = {
      ...projectDetail,
      stages: [
        projectDetail.stages[0]!,
        {
          stage: 'bidNotice' as const,
          stageName: '招标公告',
          announcement: null,
          withdrawal: { ...withdrawal, reason: '招标文件需修改' },
        },
      ],
    }
    renderAt(<ProjectView project={project} stage="bidNotice" />)
    expect(
      screen.getByText(
        '本项目招标公告已于2026年11月24日撤回。撤回原因：招标文件需修改',
      ),
    ).toBeTruthy()
    expect(screen.getByRole('tab', { name: '项目入场' })).toBeTruthy()
  })

  it('keeps a record’s title and project link and says it was withdrawn', () => {
    renderAt(
      <LinkageView record={{ ...linkageDetail, withdrawal }} />,
      '/business/linkageDetail?id=5',
    )
    expect(
      screen.getByText('本监管记录已于2026年11月24日撤回。撤回原因：项目终止'),
    ).toBeTruthy()
    expect(screen.queryByText(linkageDetail.finding)).toBeNull()
    expect(
      screen
        .getByRole('link', { name: new RegExp(linkageDetail.projectName) })
        .getAttribute('href'),
    ).toBe('/business/detail?id=3')
  })
})

describe('a corrected announcement or record', () => {
  const correction = { at: '2026-11-24 11:00:00', note: '更正开标时间' }

  it('says 更正 with the day and the note above the announcement’s text', () => {
    const entry = projectDetail.stages[0]!
    const project = {
      ...projectDetail,
      stages: [
        { ...entry, announcement: { ...entry.announcement!, correction } },
        projectDetail.stages[1]!,
      ],
    }
    renderAt(<ProjectView project={project} stage="entry" />)
    const notice = screen.getByText('更正').closest('p')!
    expect(notice.textContent).toBe('更正（2026年11月24日）更正开标时间')
    expect(notice.querySelector('time')?.getAttribute('dateTime')).toBe(
      '2026-11-24T11:00:00+08:00',
    )
    // Above the text it corrects.
    const body = screen.getByText('已入场')
    expect(
      notice.compareDocumentPosition(body) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
  })

  it('says nothing of a correction on an announcement never corrected', () => {
    renderAt(<ProjectView project={projectDetail} stage="entry" />)
    expect(screen.getByText('已入场')).toBeTruthy()
    expect(screen.queryByText('更正')).toBeNull()
  })

  it('says 更正 with the day and the note on a corrected record, and nothing on another', () => {
    renderAt(
      <LinkageView
        record={{
          ...linkageDetail,
          correction: { ...correction, note: '更正责任单位' },
        }}
      />,
      '/business/linkageDetail?id=5',
    )
    const notice = screen.getByText('更正').closest('p')!
    expect(notice.textContent).toBe('更正（2026年11月24日）更正责任单位')
    expect(notice.querySelector('time')?.getAttribute('dateTime')).toBe(
      '2026-11-24T11:00:00+08:00',
    )
    cleanup()
    renderAt(
      <LinkageView record={linkageDetail} />,
      '/business/linkageDetail?id=5',
    )
    expect(screen.queryByText('更正')).toBeNull()
  })
})
