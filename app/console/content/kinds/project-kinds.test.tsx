// @vitest-environment jsdom
import { App } from 'antd'
import {
  cleanup,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import '#tests/jsdom-shims.ts'

import type { RichTextEditorProps } from '#app/components/ui/rich-text-editor.tsx'
import type {
  ContentFields,
  ContentItemDetail,
  ProjectChoice,
  ProjectChoiceQuery,
  SaveDraft,
} from '#common/schemas/content/workflow.ts'
import {
  announcementFields,
  itemDetail,
  linkageFields,
  projectChoice,
  projectFields,
} from '#tests/content-fixtures.ts'

import { StaffApiError } from '#app/console/api/staff-api-error.ts'
import type { ContentApi } from '../content-api.ts'
import { ContentEditor } from '../content-editor.tsx'

// The body is a plain labelled field here; TinyMCE has its own tests.
vi.mock('#app/components/ui/rich-text-editor.tsx', () => ({
  RichTextEditor: ({ id, value, onChange, ariaLabel }: RichTextEditorProps) => (
    <textarea
      id={id}
      aria-label={ariaLabel}
      value={value ?? ''}
      onChange={(event) => onChange?.(event.target.value)}
    />
  ),
}))

afterEach(cleanup)

const user = () => userEvent.setup()

/** A 工程建设 project: six stages, none announced. */
const WORKS = projectChoice({
  projectId: 70,
  itemId: 65,
  code: 'TLMH-SG-2026-0007',
  name: '塔里木河干流防洪堤加固工程',
  category: 1,
  categoryName: '工程建设',
  stages: [
    { stage: 'entry', stageName: '项目入场', itemId: null },
    { stage: 'bidNotice', stageName: '招标公告', itemId: null },
    { stage: 'bidRegistration', stageName: '投标报名', itemId: null },
    { stage: 'bidOpening', stageName: '开标记录', itemId: null },
    { stage: 'bidEvaluation', stageName: '评标结果公示', itemId: null },
    { stage: 'bidResult', stageName: '中标结果公告', itemId: null },
  ],
})
const PROJECTS: ProjectChoice[] = [projectChoice(), WORKS]

type Sent = { call: string; body?: unknown }

/** The calls the editor makes, answered as the server would; `refuse` fails the next save. */
function fakeCalls(refuse: { create?: StaffApiError } = {}) {
  const sent: Sent[] = []
  const searches: (string | undefined)[] = []
  const calls: Pick<
    ContentApi,
    'create' | 'saveDraft' | 'change' | 'detail' | 'upload' | 'projects'
  > = {
    create: async (body: ContentFields) => {
      sent.push({ call: 'create', body })
      if (refuse.create) throw refuse.create
      return { id: 90 }
    },
    saveDraft: async (_id: number, body: SaveDraft) => {
      sent.push({ call: 'saveDraft', body })
      return {}
    },
    change: async () => ({}),
    detail: async () => {
      throw new StaffApiError(404, '该内容不存在')
    },
    upload: () => Promise.reject(new Error('不在本测试中上传')),
    projects: async (query: ProjectChoiceQuery) => {
      searches.push(query.keyword)
      const keyword = query.keyword ?? ''
      const items = PROJECTS.filter(
        (project) =>
          project.code.includes(keyword) || project.name.includes(keyword),
      )
      return { items, total: items.length }
    },
  }
  return { calls, sent, searches }
}

function renderEditor(
  kind: ContentItemDetail['kind'],
  {
    detail = null,
    project = null,
    fake = fakeCalls(),
  }: {
    detail?: ContentItemDetail | null
    project?: ProjectChoice | null
    fake?: ReturnType<typeof fakeCalls>
  } = {},
) {
  const onCreated = vi.fn()
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <App>
            <ContentEditor
              kind={kind}
              detail={detail}
              calls={fake.calls}
              project={project}
              onCreated={onCreated}
            />
          </App>
        ),
      },
    ],
    { initialEntries: ['/admin/content/new'] },
  )
  render(<RouterProvider router={router} />)
  return { ...fake, onCreated }
}

const button = (name: string) => screen.getByRole('button', { name })
const fieldErrors = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map(
    (error) => error.textContent,
  )
/** The dropdown of the select labelled `label` (its listbox is named by the select). */
const dropdownOf = (label: string) => {
  const input = screen.getByLabelText(label)
  return document
    .getElementById(`${input.id}_list`)!
    .closest<HTMLElement>('.ant-select-dropdown')!
}
/** The options the select offers, with whether each may be chosen. */
const optionsOf = (label: string) =>
  [...dropdownOf(label).querySelectorAll('.ant-select-item-option')].map(
    (option) =>
      option.getAttribute('aria-disabled') === 'true'
        ? `${option.textContent}（不可选）`
        : option.textContent,
  )
const isDisabled = (label: string) =>
  (screen.getByLabelText(label) as HTMLInputElement).disabled
/** What the select labelled `label` shows as chosen (its placeholder when none). */
const shownIn = (label: string) =>
  screen.getByLabelText(label).closest('.ant-select')?.textContent

async function choose(label: string, option: string) {
  const u = user()
  await u.click(screen.getByLabelText(label))
  await u.click(within(dropdownOf(label)).getByTitle(option))
}

describe('the project form', () => {
  it('says what each field needs, in the server’s words, before anything is sent', async () => {
    const { sent } = renderEditor('project')
    await user().click(button('保存草稿'))
    await waitFor(() =>
      expect(fieldErrors()).toEqual([
        '请输入项目编号',
        '请输入项目名称',
        '请选择交易类别',
        '请选择交易子类',
        '请选择所属地区',
        '请输入项目地点',
        '请输入招标人（采购人、出让人、转让方）',
        '请输入项目金额（万元）',
        '请选择交易方式',
      ]),
    )
    expect(sent).toEqual([])
    const u = user()
    await u.type(screen.getByLabelText('项目编号'), 'TLMH CG')
    await u.type(screen.getByLabelText('项目金额（万元）'), '12.345')
    await u.click(button('保存草稿'))
    expect(await screen.findByText('项目编号不能含空格')).toBeTruthy()
    expect(await screen.findByText('项目金额最多保留两位小数')).toBeTruthy()
  })

  it('offers the sub-types and dates of the chosen category, and names its party', async () => {
    renderEditor('project')
    expect(isDisabled('交易子类')).toBe(true)
    expect(screen.queryByLabelText('报名截止时间')).toBeNull()

    await choose('交易类别', '工程建设')
    expect(screen.getByLabelText('招标人')).toBeTruthy()
    await user().click(screen.getByLabelText('交易子类'))
    expect(optionsOf('交易子类')).toEqual([
      '施工',
      '监理',
      '勘察设计',
      '重要设备材料',
    ])
    await user().click(within(dropdownOf('交易子类')).getByTitle('施工'))
    expect(screen.getByLabelText('报名截止时间')).toBeTruthy()

    // Another category: the sub-type of the former goes, its own are offered.
    await choose('交易类别', '政府采购')
    expect(screen.getByLabelText('采购人')).toBeTruthy()
    await waitFor(() => expect(shownIn('交易子类')).toBe('请选择交易子类'))
    await user().click(screen.getByLabelText('交易子类'))
    expect(optionsOf('交易子类')).toEqual(['货物', '工程', '服务'])

    // An auction has no registration deadline or bid opening.
    await choose('交易类别', '采矿权')
    expect(screen.getByLabelText('出让人')).toBeTruthy()
    expect(screen.queryByLabelText('报名截止时间')).toBeNull()
    expect(screen.queryByLabelText('开标时间')).toBeNull()
  })

  it('sends its fields as the schema reads them: the minute of each date, none for a category without them', async () => {
    const project = projectFields()
    const detail = itemDetail({ kind: 'project', fields: project })
    const { sent } = renderEditor('project', { detail })
    expect(
      (screen.getByLabelText('报名截止时间') as HTMLInputElement).value,
    ).toBe('2026-12-18T17:00')
    fireEvent.change(screen.getByLabelText('开标时间'), {
      target: { value: '2026-12-10T09:30' },
    })
    await user().click(button('保存草稿'))
    expect(await screen.findByText('报名截止时间不能晚于开标时间')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('开标时间'), {
      target: { value: '2026-12-28T09:30' },
    })
    await user().click(button('保存草稿'))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]!.body).toMatchObject({
      kind: 'project',
      fields: { ...project, openingTime: '2026-12-28 09:30:00' },
    })

    await choose('交易类别', '采矿权')
    await choose('交易子类', '河道采砂')
    await user().click(button('保存草稿'))
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(sent[1]!.body).toMatchObject({
      fields: {
        category: 5,
        subType: 501,
        registrationDeadline: null,
        openingTime: null,
      },
    })
  })

  it('keeps the category of a project that has announcements', () => {
    const detail = itemDetail(
      { kind: 'project', fields: projectFields() },
      { id: 60, publishedRevisionNo: 1, itemState: 'published' },
    )
    renderEditor('project', { detail, project: projectChoice() })
    expect(isDisabled('交易类别')).toBe(true)
    expect(isDisabled('交易子类')).toBe(false)
    expect(
      screen.getByText(/该项目已有阶段公告，不能更改交易类别/),
    ).toBeTruthy()
  })
})

describe('the stage announcement form', () => {
  it('finds the project by number, then offers its stages, linking the one already announced', async () => {
    const u = user()
    const { sent, searches, onCreated } = renderEditor('announcement')
    expect(isDisabled('交易环节')).toBe(true)
    await u.click(button('保存草稿'))
    await waitFor(() =>
      expect(fieldErrors()).toEqual([
        '请选择所属项目',
        '请选择交易环节',
        '请输入标题',
        '请输入正文',
      ]),
    )

    await u.type(screen.getByLabelText('所属项目'), 'TLMH-CG')
    await waitFor(() => expect(searches.at(-1)).toBe('TLMH-CG'))
    // After a pause in typing: one search, not one per character.
    expect(searches.filter((keyword) => keyword?.startsWith('T'))).toEqual([
      'TLMH-CG',
    ])
    await u.click(
      await screen.findByTitle(
        '塔里木河下游生态输水闸站自动化设备采购项目（TLMH-CG-2026-0118）· 政府采购',
      ),
    )
    await u.click(screen.getByLabelText('交易环节'))
    expect(optionsOf('交易环节')).toEqual([
      '项目入场（已有公告）（不可选）',
      '采购公告',
      '采购结果公告',
    ])
    const existing = screen.getByRole('link', {
      name: '项目入场（内容编号 61）',
    })
    expect(existing.getAttribute('href')).toBe('/admin/content/61')
    await u.click(within(dropdownOf('交易环节')).getByTitle('采购公告'))
    await u.type(screen.getByLabelText('标题'), '闸站设备采购公告')
    await u.type(screen.getByLabelText('正文'), '公开招标采购。')
    await u.click(button('保存草稿'))
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(90))
    expect(sent).toEqual([
      {
        call: 'create',
        body: {
          kind: 'announcement',
          fields: {
            projectId: 69,
            stage: 'procurementNotice',
            title: '闸站设备采购公告',
            content: '公开招标采购。',
            attachments: [],
            // 采购公告 is not a stage with structured facts.
            facts: null,
          },
        },
      },
    ])
  })

  it('asks for the stage again when another project’s category has not the one chosen', async () => {
    const detail = itemDetail({
      kind: 'announcement',
      fields: announcementFields({ stage: 'entry' }),
    })
    // Its own stage stays open to it.
    renderEditor('announcement', {
      detail: { ...detail, id: 61 },
      project: projectChoice(),
    })
    expect(shownIn('交易环节')).toBe('项目入场')
    expect(screen.queryByRole('link', { name: /内容编号 61/ })).toBeNull()

    // 项目入场 is a stage of 工程建设 too: it stays.
    await user().type(screen.getByLabelText('所属项目'), '防洪堤')
    await user().click(
      await screen.findByTitle(
        '塔里木河干流防洪堤加固工程（TLMH-SG-2026-0007）· 工程建设',
      ),
    )
    await choose('交易环节', '招标公告')
    // Back to the 政府采购 project: it has no 招标公告.
    await user().type(screen.getByLabelText('所属项目'), '闸站')
    await user().click(
      await screen.findByTitle(
        '塔里木河下游生态输水闸站自动化设备采购项目（TLMH-CG-2026-0118）· 政府采购',
      ),
    )
    await waitFor(() => expect(shownIn('交易环节')).toBe('请选择交易环节'))
  })

  it('keeps the project and stage of an announcement published once', () => {
    const detail = itemDetail(
      { kind: 'announcement', fields: announcementFields() },
      {
        id: 62,
        itemState: 'published',
        publishedRevisionNo: 1,
        publicPath: '/business/detail?id=69&stage=procurementNotice',
      },
    )
    renderEditor('announcement', { detail, project: projectChoice() })
    expect(isDisabled('所属项目')).toBe(true)
    expect(isDisabled('交易环节')).toBe(true)
    expect(
      screen.getByText(
        '已发布的阶段公告不能更改所属项目或交易环节；如需更改，请撤回后另行发布',
      ),
    ).toBeTruthy()
  })

  it('shows a second announcement for a stage as refused, keeping what was typed, with the one to edit', async () => {
    const refusal = new StaffApiError(
      409,
      '该项目的「采购公告」已有公告（内容编号 63），每个环节只发布一条公告，请修改该条公告',
    )
    const fake = fakeCalls({ create: refusal })
    const title = announcementFields().title
    // Someone wrote the stage's announcement after this form offered the stage.
    renderEditor('announcement', { fake })
    await user().type(screen.getByLabelText('所属项目'), '闸站')
    await user().click(
      await screen.findByTitle(
        '塔里木河下游生态输水闸站自动化设备采购项目（TLMH-CG-2026-0118）· 政府采购',
      ),
    )
    await choose('交易环节', '采购公告')
    await user().type(screen.getByLabelText('标题'), title)
    await user().type(screen.getByLabelText('正文'), '公开招标采购。')
    await user().click(button('提交审核'))
    expect(await screen.findByText(refusal.message)).toBeTruthy()
    expect(
      screen
        .getByRole('link', { name: /打开内容编号 63/ })
        .getAttribute('href'),
    ).toBe('/admin/content/63')
    expect(screen.queryByText('内容已被他人修改')).toBeNull()
    expect((screen.getByLabelText('标题') as HTMLInputElement).value).toBe(
      title,
    )
  })
})

describe('the linkage record form', () => {
  it('asks for the day it was rectified once rectified, and sends none while 整改中', async () => {
    const u = user()
    const record = linkageFields({ status: 1, rectifiedDate: null })
    const detail = itemDetail({ kind: 'linkage', fields: record })
    const { sent } = renderEditor('linkage', {
      detail,
      project: projectChoice(),
    })
    expect(
      screen.getByLabelText('所属项目').closest('.ant-select')?.textContent,
    ).toBe(
      '塔里木河下游生态输水闸站自动化设备采购项目（TLMH-CG-2026-0118）· 政府采购',
    )
    expect(screen.queryByLabelText('整改完成日期')).toBeNull()
    await u.click(screen.getByRole('radio', { name: '已整改' }))
    await u.click(button('保存草稿'))
    expect(await screen.findByText('请选择整改完成日期')).toBeTruthy()
    expect(sent).toEqual([])

    await u.click(screen.getByRole('radio', { name: '整改中' }))
    expect(screen.queryByLabelText('整改完成日期')).toBeNull()
    await u.click(button('保存草稿'))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]!.body).toMatchObject({
      kind: 'linkage',
      fields: { ...record, status: 1, rectifiedDate: null },
    })
  })

  it('refuses a deadline before the day the problem was found', async () => {
    const detail = itemDetail({ kind: 'linkage', fields: linkageFields() })
    // A revision the schema would refuse: as typed, before it is sent.
    if (detail.working.kind === 'linkage')
      detail.working.fields.deadline = '2026-11-01'
    const { sent } = renderEditor('linkage', { detail })
    await user().click(button('保存草稿'))
    expect(await screen.findByText('整改期限不能早于发现日期')).toBeTruthy()
    expect(sent).toEqual([])
  })
})
