// @vitest-environment jsdom
import { App } from 'antd'
import {
  cleanup,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, Link, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import '#tests/jsdom-shims.ts'

import type { RichTextEditorProps } from '#app/components/ui/rich-text-editor.tsx'
import { CONTENT_REFUSALS } from '#common/constants/content.ts'
import type {
  ContentFields,
  ContentItemDetail,
  SaveDraft,
} from '#common/schemas/content/workflow.ts'
import { articleDetail, fileId, policyDetail } from '#tests/content-fixtures.ts'

import { StaffApiError } from '#app/console/api/staff-api-error.ts'
import type { ContentApi } from './content-api.ts'
import { ContentEditor } from './content-editor.tsx'

// TinyMCE has its own tests (app/components/ui/tinymce-editor.test.tsx); here the body is a
// plain labelled field that inserts an uploaded picture the way the editor does: by the
// upload's `location`.
vi.mock('#app/components/ui/rich-text-editor.tsx', () => ({
  RichTextEditor: ({
    id,
    value,
    onChange,
    ariaLabel,
    uploadImage,
  }: RichTextEditorProps) => (
    <>
      <textarea
        id={id}
        aria-label={ariaLabel}
        value={value ?? ''}
        onChange={(event) => onChange?.(event.target.value)}
      />
      <button
        type="button"
        onClick={async () => {
          const picture = new File([new Uint8Array([0x89, 0x50])], '现场.png', {
            type: 'image/png',
          })
          const location = await uploadImage?.(picture, () => undefined)
          onChange?.(`${value ?? ''}<p><img src="${location}"></p>`)
        }}
      >
        插入图片
      </button>
    </>
  ),
}))

afterEach(cleanup)

const PDF_HEAD = [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const user = () => userEvent.setup({ applyAccept: false })

type Sent = { call: string; id?: number; body?: unknown }

/**
 * The content calls as the server would answer them: `detail` is what GET …/:id answers now
 * (a save moves its version on); `refuse` makes a call fail with the server's refusal.
 */
function fakeCalls(
  start: ContentItemDetail | null,
  refuse: Partial<Record<string, StaffApiError>> = {},
) {
  const sent: Sent[] = []
  let detail = start
  let uploads = 0
  const uploaded: { name: string; accept?: readonly string[] }[] = []
  const progress: ((percent: number) => void)[] = []
  const finish: (() => void)[] = []
  const fail = (call: string) => {
    const refusal = refuse[call]
    if (refusal) {
      delete refuse[call]
      throw refusal
    }
  }
  const calls: Pick<
    ContentApi,
    'create' | 'saveDraft' | 'change' | 'detail' | 'upload' | 'projects'
  > = {
    projects: async () => ({ items: [], total: 0 }),
    create: async (body: ContentFields) => {
      sent.push({ call: 'create', body })
      detail = articleDetail({ id: 77 })
      return { id: 77 }
    },
    saveDraft: async (id: number, body: SaveDraft) => {
      sent.push({ call: 'saveDraft', id, body })
      fail('saveDraft')
      if (detail)
        detail = {
          ...detail,
          working: { ...detail.working, version: detail.working.version + 1 },
        }
      return {}
    },
    change: async (id, action, base) => {
      sent.push({ call: action, id, body: { base } })
      fail(action)
      return {}
    },
    detail: async (id: number) => {
      sent.push({ call: 'detail', id })
      if (!detail) throw new StaffApiError(404, '内容不存在')
      return detail
    },
    upload: (file, options) => {
      uploads += 1
      uploaded.push({ name: file.name, accept: options?.accept })
      const n = uploads
      return new Promise((resolve) => {
        progress.push(options?.onProgress ?? (() => undefined))
        finish.push(() =>
          resolve({
            id: fileId(n),
            name: file.name,
            size: file.size,
            mime: file.type,
            url: `/files/${fileId(n)}/${file.name}`,
            location: `/files/${fileId(n)}/${file.name}`,
          }),
        )
      })
    },
  }
  return {
    calls,
    sent,
    uploaded,
    progress: (percent: number) => progress.at(-1)?.(percent),
    finishUpload: () => finish.at(-1)?.(),
    /** Someone else saves the item meanwhile: its version moves on. */
    changeElsewhere: () => {
      if (detail)
        detail = {
          ...detail,
          working: { ...detail.working, version: detail.working.version + 5 },
        }
    },
  }
}

function renderEditor(
  detail: ContentItemDetail | null,
  fake = fakeCalls(detail),
  kind = detail?.kind ?? 'article',
) {
  const onCreated = vi.fn()
  // In the console's router, as on its page: leaving with changes not saved asks first.
  const router = createMemoryRouter(
    [
      {
        path: '/admin/content/:id',
        element: (
          <App>
            <Link to="/admin/content">返回内容列表</Link>
            <ContentEditor
              kind={kind}
              detail={detail}
              calls={fake.calls}
              onCreated={onCreated}
            />
          </App>
        ),
      },
      { path: '/admin/content', element: <h1>内容管理</h1> },
    ],
    { initialEntries: [`/admin/content/${detail?.id ?? 'new'}`] },
  )
  render(<RouterProvider router={router} />)
  return { ...fake, onCreated, router }
}

const button = (name: string) => screen.getByRole('button', { name })
/** The upload field labelled `label` (its button carries the field's label). */
const fileInputOf = (label: string) =>
  button(label)
    .closest('.ant-upload')!
    .querySelector<HTMLInputElement>('input[type="file"]')!

const fieldErrors = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map(
    (error) => error.textContent,
  )

async function chooseCategory(name: string) {
  const u = user()
  await u.click(screen.getByLabelText('栏目'))
  await u.click(await screen.findByTitle(name))
}

describe('the content editor', () => {
  it('checks a new article as the server does, then saves it as a draft', async () => {
    const u = user()
    const { sent, onCreated, ...fake } = renderEditor(null)
    await u.click(button('保存草稿'))
    await waitFor(() =>
      expect(fieldErrors()).toEqual(['请选择栏目', '请输入标题', '请输入正文']),
    )
    expect(sent).toEqual([])

    await chooseCategory('新闻动态')
    await u.type(screen.getByLabelText('标题'), '  黄河水利工程开工  ')
    await u.type(screen.getByLabelText('正文'), '工程今日开工。')
    await u.click(button('插入图片'))
    fake.finishUpload()
    await waitFor(() =>
      expect(
        (screen.getByLabelText('正文') as HTMLTextAreaElement).value,
      ).toContain(`<img src="/files/${fileId(1)}/现场.png">`),
    )
    expect(fake.uploaded).toEqual([
      { name: '现场.png', accept: ['jpg', 'png', 'gif', 'bmp'] },
    ])
    await u.click(screen.getByRole('checkbox', { name: '在首页轮播图中展示' }))
    await u.click(button('保存草稿'))
    expect(
      await screen.findByText('在首页轮播展示需要先上传封面图片'),
    ).toBeTruthy()
    await u.click(screen.getByRole('checkbox', { name: '在首页轮播图中展示' }))
    await u.click(button('保存草稿'))
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(77))
    expect(sent).toEqual([
      {
        call: 'create',
        body: {
          kind: 'article',
          fields: {
            categoryId: 1002,
            title: '黄河水利工程开工',
            summary: '',
            content: `工程今日开工。<p><img src="/files/${fileId(1)}/现场.png"></p>`,
            source: '',
            author: '',
            coverFileId: null,
            isRotation: false,
            attachments: [],
          },
        },
      },
    ])
  })

  it('says at the body that a picture from another site must be uploaded first, and sends nothing', async () => {
    const u = user()
    const { sent } = renderEditor(articleDetail())
    const body = screen.getByLabelText('正文')
    await u.clear(body)
    await u.click(body)
    await u.paste('<p>大坝：</p><img src="https://img.example.com/dam.jpg">')
    await u.click(button('保存草稿'))
    await waitFor(() =>
      expect(fieldErrors()).toEqual([
        '正文中的图片须先上传到本站（不能引用外部网址的图片）：https://img.example.com/dam.jpg',
      ]),
    )
    expect(sent).toEqual([])
  })

  it('uploads attachments with their progress, lets one be removed, and saves the rest in order', async () => {
    const u = user()
    const detail = articleDetail()
    const { sent, ...fake } = renderEditor(detail)
    await u.upload(
      fileInputOf('附件'),
      new File([new Uint8Array(PDF_HEAD)], '检查方案.pdf', {
        type: 'application/pdf',
      }),
    )
    fake.progress(35)
    const bar = await screen.findByRole('progressbar', {
      name: '检查方案.pdf 上传进度',
    })
    expect(bar.getAttribute('aria-valuenow')).toBe('35')
    fake.finishUpload()
    expect(
      await screen.findByRole('link', { name: '检查方案.pdf' }),
    ).toBeTruthy()

    await u.upload(
      fileInputOf('附件'),
      new File([new Uint8Array(PDF_HEAD)], '报名表.pdf', {
        type: 'application/pdf',
      }),
    )
    fake.finishUpload()
    await screen.findByRole('link', { name: '报名表.pdf' })
    await u.click(button('删除 检查方案.pdf'))
    expect(screen.queryByRole('link', { name: '检查方案.pdf' })).toBeNull()

    // The cover: a picture only, shown once uploaded; the rotation may then be chosen.
    await u.upload(
      fileInputOf('封面图片'),
      new File([new Uint8Array(PNG_HEAD)], '检查现场.png', {
        type: 'image/png',
      }),
    )
    fake.finishUpload()
    expect(
      (
        await screen.findByRole('img', { name: '封面图片：检查现场.png' })
      ).getAttribute('src'),
    ).toBe(`/files/${fileId(3)}/检查现场.png`)
    await u.click(screen.getByRole('checkbox', { name: '在首页轮播图中展示' }))

    await u.click(button('保存草稿'))
    await waitFor(() =>
      expect(sent.map((call) => call.call)).toEqual(['saveDraft', 'detail']),
    )
    expect(sent[0]).toMatchObject({
      id: 41,
      body: {
        kind: 'article',
        base: { revisionNo: 1, version: 1 },
        isCorrection: false,
        fields: {
          attachments: [fileId(2)],
          coverFileId: fileId(3),
          isRotation: true,
        },
      },
    })
    expect(fake.uploaded.map((upload) => upload.accept)).toEqual([
      undefined,
      undefined,
      ['jpg', 'png', 'gif', 'bmp'],
    ])
  })

  it('keeps the typed text when someone else changed the item, and saves it on the latest version once asked', async () => {
    const u = user()
    const detail = articleDetail({ working: { version: 3 } })
    const fake = fakeCalls(detail, {
      saveDraft: new StaffApiError(409, CONTENT_REFUSALS.stale),
    })
    const { sent } = renderEditor(detail, fake)
    const title = screen.getByLabelText('标题')
    await u.clear(title)
    await u.type(title, '关于专项检查的补充通知')
    fake.changeElsewhere()
    await u.click(button('保存草稿'))

    const note = await screen.findByRole('alert')
    expect(within(note).getByText('内容已被他人修改')).toBeTruthy()
    expect(note.textContent).toContain('您填写的内容仍保留在上面的表单中')
    const latest = within(note).getByRole('link', {
      name: '在新标签页查看最新版本',
    })
    expect(latest.getAttribute('href')).toBe('/admin/content/41')
    expect(latest.getAttribute('target')).toBe('_blank')
    expect((title as HTMLInputElement).value).toBe('关于专项检查的补充通知')

    await u.click(
      within(note).getByRole('button', { name: '查看最新版本的状态' }),
    )
    expect(
      await within(note).findByText(/最新版本是修订 1（草稿）/),
    ).toBeTruthy()
    await u.click(
      within(note).getByRole('button', {
        name: '保留我的内容，在最新版本上继续编辑',
      }),
    )
    await waitFor(() =>
      expect(screen.queryByText(CONTENT_REFUSALS.stale)).toBeNull(),
    )
    await u.click(button('保存草稿'))
    await waitFor(() =>
      expect(sent.filter((call) => call.call === 'saveDraft')).toHaveLength(2),
    )
    const [refused, saved] = sent.filter((call) => call.call === 'saveDraft')
    expect(refused?.body).toMatchObject({ base: { revisionNo: 1, version: 3 } })
    expect(saved?.body).toMatchObject({
      base: { revisionNo: 1, version: 8 },
      fields: { title: '关于专项检查的补充通知' },
    })
    expect((title as HTMLInputElement).value).toBe('关于专项检查的补充通知')
  })

  it('asks before a link leaves unsaved text, keeps it on 留在此页, and lets a saved form go', async () => {
    const u = user()
    const detail = articleDetail()
    const { router } = renderEditor(detail)
    const title = screen.getByLabelText('标题')
    await u.type(title, '（修订）')
    await u.click(screen.getByRole('link', { name: '返回内容列表' }))
    const dialog = await screen.findByRole('dialog', { name: '离开此页？' })
    expect(dialog.textContent).toContain('尚未保存的修改')
    await u.click(within(dialog).getByRole('button', { name: '留在此页' }))
    expect(router.state.location.pathname).toBe(`/admin/content/${detail.id}`)
    expect((title as HTMLInputElement).value).toMatch(/（修订）$/)

    await u.click(button('保存草稿'))
    await screen.findByText('草稿已保存')
    await u.click(screen.getByRole('link', { name: '返回内容列表' }))
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/content'),
    )
  })

  it('saves a changed draft before submitting it, naming the saved version', async () => {
    const u = user()
    const detail = articleDetail({ working: { version: 2 } })
    const { sent } = renderEditor(detail)
    await u.type(screen.getByLabelText('来源'), '办公室')
    await u.click(button('提交审核'))
    await waitFor(() =>
      expect(sent.map((call) => call.call)).toEqual([
        'saveDraft',
        'detail',
        'submit',
      ]),
    )
    expect(sent[2]?.body).toEqual({ base: { revisionNo: 1, version: 3 } })
  })

  it('marks a change of a published item as a correction, with its note', async () => {
    const u = user()
    const detail = articleDetail({
      itemState: 'published',
      publishedRevisionNo: 1,
      publicPath: '/index/newDetail?id=41',
      working: { state: 'published', publishedAt: '2026-11-21 09:00:00' },
      allowedActions: ['save', 'withdraw'],
    })
    const { sent } = renderEditor(detail)
    expect(screen.queryByRole('button', { name: '放弃草稿' })).toBeNull()
    await u.click(
      screen.getByRole('checkbox', { name: /本次修改是对已发布内容的更正/ }),
    )
    await u.click(button('保存草稿'))
    expect(await screen.findByText('请填写更正说明')).toBeTruthy()
    await u.type(screen.getByLabelText('更正说明'), '更正检查时间')
    await u.click(button('保存草稿'))
    await waitFor(() => expect(sent[0]?.call).toBe('saveDraft'))
    expect(sent[0]?.body).toMatchObject({
      isCorrection: true,
      correctionNote: '更正检查时间',
    })
  })

  it('asks before discarding a draft, and shows a refusal without losing the text', async () => {
    const u = user()
    const detail = articleDetail()
    const fake = fakeCalls(detail, {
      discard: new StaffApiError(403, '只能放弃自己撰写的草稿'),
    })
    const { sent } = renderEditor(detail, fake)
    expect(
      screen.queryByRole('checkbox', { name: /已发布内容的更正/ }),
    ).toBeNull()
    await u.type(screen.getByLabelText('作者'), '李四')
    await u.click(button('放弃草稿'))
    const dialog = await screen.findByRole('dialog', { name: '放弃草稿' })
    expect(sent).toEqual([])
    await u.click(within(dialog).getByRole('button', { name: '确认放弃' }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      '只能放弃自己撰写的草稿',
    )
    expect(sent).toEqual([
      {
        call: 'discard',
        id: 41,
        body: { base: { revisionNo: 1, version: 1 } },
      },
    ])
    expect((screen.getByLabelText('作者') as HTMLInputElement).value).toBe(
      '李四',
    )
  })

  it('offers a policy’s own fields: issuing body, document number and dates', async () => {
    const u = user()
    const detail = policyDetail({
      working: { state: 'returned', reviewComment: '请补充文号' },
      fields: { documentNumber: '', effectiveDate: null },
      allowedActions: ['save', 'submit', 'discard'],
    })
    const { sent } = renderEditor(detail)
    expect(screen.queryByLabelText('作者')).toBeNull()
    expect(screen.queryByText('封面图片')).toBeNull()
    expect((screen.getByLabelText('发布机关') as HTMLInputElement).value).toBe(
      '自治区水利厅',
    )
    expect((screen.getByLabelText('发布日期') as HTMLInputElement).value).toBe(
      '2026-10-01',
    )
    await u.type(screen.getByLabelText('文号'), '新水规〔2026〕3号')
    await u.click(button('保存草稿'))
    await waitFor(() => expect(sent[0]?.call).toBe('saveDraft'))
    expect(sent[0]?.body).toMatchObject({
      kind: 'policy',
      fields: {
        categoryId: 928,
        issuingBody: '自治区水利厅',
        documentNumber: '新水规〔2026〕3号',
        issuedDate: '2026-10-01',
        effectiveDate: null,
      },
    })
  })
})
