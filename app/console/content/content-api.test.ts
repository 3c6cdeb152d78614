import { describe, expect, it } from 'vitest'

import { CONTENT_REFUSALS } from '#common/constants/content.ts'
import { MSG_UPLOAD_NO_RESPONSE } from '#common/messages.ts'
import { articleFields, fileId } from '#tests/content-fixtures.ts'

import { createStaffApiClient } from '#app/console/api/staff-api-client.ts'
import {
  type SendForm,
  sendFormWithXhr,
} from '#app/console/api/send-form-with-xhr.ts'
import { StaffApiError } from '#app/console/api/staff-api-error.ts'
import { contentApiOn } from './content-api.ts'

const BASE = 'http://console.test/staff-api'
const TOKEN = 'csrf-token-of-the-session-0000000000000000000'

const SESSION = {
  account: {
    id: 7,
    accountName: 'wang.editor',
    displayName: '王编辑',
    roles: ['内容编辑'],
    isEnrolled: true,
    isDisabled: false,
    failedSignIns: 0,
    oidcSubject: null,
    createdAt: '2026-11-01 09:00:00',
    updatedAt: '2026-11-01 09:00:00',
  },
  csrfToken: TOKEN,
  endsInMs: 12 * 3600_000,
}

type Sent = {
  method: string
  path: string
  query: Record<string, string>
  csrf?: string
  body?: unknown
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })

/**
 * The staff API as far as the client sees it: the session, then `answer` for every other
 * call. Records what the client sent, as the server would read it.
 */
function apiAnswering(answer: (sent: Sent) => Response) {
  const sent: Sent[] = []
  const uploads: { url: string; form: FormData; csrf?: string }[] = []
  const fetchImpl: typeof fetch = async (input, init = {}) => {
    const url = new URL(String(input))
    const headers = init.headers as Record<string, string>
    const call: Sent = {
      method: init.method ?? 'GET',
      path: url.pathname.replace('/staff-api', ''),
      query: Object.fromEntries(url.searchParams),
      csrf: headers['x-csrf-token'],
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    }
    if (call.path === '/session') return json(200, SESSION)
    sent.push(call)
    return answer(call)
  }
  const sendForm: SendForm = async (url, form, headers, options) => {
    uploads.push({ url, form, csrf: headers['x-csrf-token'] })
    options.onProgress?.(40)
    return json(200, {
      id: fileId(3),
      name: '专项检查方案.pdf',
      size: 2048,
      mime: 'application/pdf',
      url: `/files/${fileId(3)}/专项检查方案.pdf`,
      location: `/files/${fileId(3)}/专项检查方案.pdf`,
    })
  }
  const api = contentApiOn(
    createStaffApiClient({ fetch: fetchImpl, sendForm, base: BASE }),
  )
  return { api, sent, uploads }
}

const BASE_REVISION = { revisionNo: 2, version: 3 }

describe('the console’s content calls', () => {
  it('asks for the list with only the filters chosen', async () => {
    const { api, sent } = apiAnswering(() => json(200, { items: [], total: 0 }))
    await api.list({
      pageNo: 2,
      pageSize: 10,
      kind: 'policy',
      queue: 'submitted',
      keyword: '招标',
    })
    expect(sent).toEqual([
      {
        method: 'GET',
        path: '/content/items',
        query: {
          pageNo: '2',
          pageSize: '10',
          kind: 'policy',
          queue: 'submitted',
          keyword: '招标',
        },
        csrf: undefined,
        body: undefined,
      },
    ])
  })

  it('sends each change with the session’s CSRF token and the revision it was based on', async () => {
    const { api, sent } = apiAnswering((call) =>
      call.path === '/content/items' ? json(201, { id: 41 }) : json(200, {}),
    )
    const fields = articleFields()
    expect(await api.create({ kind: 'article', fields })).toEqual({ id: 41 })
    await api.saveDraft(41, {
      kind: 'article',
      fields,
      base: BASE_REVISION,
      isCorrection: true,
      correctionNote: '更正检查时间',
    })
    await api.change(41, 'submit', BASE_REVISION)
    await api.change(41, 'cancel-schedule', BASE_REVISION)
    await api.approve(41, BASE_REVISION)
    await api.approve(41, BASE_REVISION, '2026-12-01 09:00:00')
    await api.returnRevision(41, BASE_REVISION, '请补充检查时间')
    await api.withdraw(41, '通知已过期')
    expect(
      sent.map(({ method, path, body }) => ({
        call: `${method} ${path}`,
        body,
      })),
    ).toEqual([
      { call: 'POST /content/items', body: { kind: 'article', fields } },
      {
        call: 'PUT /content/items/41/draft',
        body: {
          kind: 'article',
          fields,
          base: BASE_REVISION,
          isCorrection: true,
          correctionNote: '更正检查时间',
        },
      },
      { call: 'POST /content/items/41/submit', body: { base: BASE_REVISION } },
      {
        call: 'POST /content/items/41/cancel-schedule',
        body: { base: BASE_REVISION },
      },
      { call: 'POST /content/items/41/approve', body: { base: BASE_REVISION } },
      {
        call: 'POST /content/items/41/approve',
        body: { base: BASE_REVISION, publishAt: '2026-12-01 09:00:00' },
      },
      {
        call: 'POST /content/items/41/return',
        body: { base: BASE_REVISION, comment: '请补充检查时间' },
      },
      {
        call: 'POST /content/items/41/withdraw',
        body: { reason: '通知已过期' },
      },
    ])
    expect(sent.every((call) => call.csrf === TOKEN)).toBe(true)
  })

  it('gives a stale edit’s refusal in the server’s words, with its status', async () => {
    const { api } = apiAnswering(() =>
      json(409, { message: CONTENT_REFUSALS.stale }),
    )
    const refusal = await api
      .saveDraft(41, {
        kind: 'article',
        fields: articleFields(),
        base: BASE_REVISION,
        isCorrection: false,
        correctionNote: '',
      })
      .catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(StaffApiError)
    expect(refusal).toMatchObject({
      status: 409,
      message: '内容已被他人修改',
      isSessionEnded: false,
    })
  })

  it('reads a diff and a revision’s public view, refusing an answer of another shape', async () => {
    const { api, sent } = apiAnswering((call) =>
      call.path.endsWith('/diff')
        ? json(200, {
            from: 1,
            to: 2,
            fields: [
              {
                field: 'title',
                label: '标题',
                changed: true,
                parts: [{ value: '通知', added: true, removed: false }],
              },
            ],
          })
        : json(200, { title: '不是文章详情' }),
    )
    const diff = await api.diff(41, 1, 2)
    expect(diff.fields[0]?.label).toBe('标题')
    expect(sent[0]?.query).toEqual({ from: '1', to: '2' })
    const refusal = await api
      .publicView(41, 2, 'article')
      .catch((error: unknown) => error)
    expect(refusal).toMatchObject({
      message: '服务器暂时无法处理（200），请稍后重试',
    })
    expect(sent[1]?.path).toBe('/content/items/41/revisions/2/public-view')
  })

  it('uploads a file in the multipart field `file` with the CSRF token, reporting its progress', async () => {
    const { api, uploads } = apiAnswering(() => json(500, {}))
    const steps: number[] = []
    const file = new File(['%PDF-1.7'], '专项检查方案.pdf', {
      type: 'application/pdf',
    })
    const stored = await api.upload(file, {
      onProgress: (percent) => steps.push(percent),
    })
    expect(stored.location).toBe(`/files/${fileId(3)}/专项检查方案.pdf`)
    expect(steps).toEqual([40, 100])
    await api.upload(file, { accept: ['jpg', 'png'] })
    expect(uploads.map((upload) => upload.url)).toEqual([
      `${BASE}/content/uploads`,
      // A picture's upload: the server takes only the types named.
      `${BASE}/content/uploads?accept=jpg%2Cpng`,
    ])
    expect(uploads[0]!.csrf).toBe(TOKEN)
    expect((uploads[0]!.form.get('file') as File).name).toBe('专项检查方案.pdf')
  })
})

/** XMLHttpRequest as far as sendFormWithXhr uses it; the test plays the network. */
class FakeXhr {
  static last: FakeXhr
  upload: { onprogress?: (event: Partial<ProgressEvent>) => void } = {}
  status = 0
  responseText = ''
  timeout = 0
  withCredentials = false
  headers: Record<string, string> = {}
  opened = ''
  body: unknown
  onload?: () => void
  onerror?: () => void
  ontimeout?: () => void
  onabort?: () => void
  onloadend?: () => void
  constructor() {
    FakeXhr.last = this
  }
  open(method: string, url: string) {
    this.opened = `${method} ${url}`
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  getResponseHeader() {
    return 'application/json'
  }
  send(body: unknown) {
    this.body = body
  }
  abort() {
    this.onabort?.()
    this.onloadend?.()
  }
  answer(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
    this.onloadend?.()
  }
}

describe('sending a file with XMLHttpRequest', () => {
  const withFakeXhr = async (run: () => Promise<void>) => {
    const real = globalThis.XMLHttpRequest
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest
    try {
      await run()
    } finally {
      globalThis.XMLHttpRequest = real
    }
  }

  it('reports the percent sent and answers the server’s refusal as a response', () =>
    withFakeXhr(async () => {
      const steps: number[] = []
      const sending = sendFormWithXhr(
        '/staff-api/content/uploads',
        new FormData(),
        { 'x-csrf-token': TOKEN },
        { onProgress: (percent) => steps.push(percent) },
      )
      const xhr = FakeXhr.last
      expect(xhr.opened).toBe('POST /staff-api/content/uploads')
      expect(xhr.headers['x-csrf-token']).toBe(TOKEN)
      xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 })
      xhr.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 4 })
      xhr.answer(413, { message: '文件不能超过50MB' })
      const response = await sending
      expect(steps).toEqual([25, 75])
      expect(response.status).toBe(413)
      expect(await response.json()).toEqual({ message: '文件不能超过50MB' })
    }))

  it('says so when no answer came, and stops when the page aborts', () =>
    withFakeXhr(async () => {
      const lost = sendFormWithXhr('/u', new FormData(), {}, {})
      FakeXhr.last.onerror?.()
      await expect(lost).rejects.toMatchObject({
        status: 0,
        message: MSG_UPLOAD_NO_RESPONSE,
      })
      const controller = new AbortController()
      const stopped = sendFormWithXhr(
        '/u',
        new FormData(),
        {},
        { signal: controller.signal },
      )
      const reason = new Error('已取消')
      controller.abort(reason)
      await expect(stopped).rejects.toBe(reason)
    }))
})
