import { randomUUID } from 'node:crypto'

import {
  MSG_SIGN_SUCCESS,
  MSG_SMS_CODE_EXPIRED,
  MSG_SMS_CODE_WRONG,
} from '#common/messages.ts'
import { maskPhone } from '#server/shared/sms-sender.ts'
import { type CrashSupervisor } from './crash-supervisor.ts'
import { regionalRequest } from './signed-requests.ts'
import { multipartBody, pdfDocument } from './upload-samples.ts'

export type Acknowledgement = { complaintNo: string; queryCode: string }

export type Filing = {
  serial: number
  clientKey: string
  phone: string
  browser: Browser
  body?: Record<string, unknown>
  // stale after a restart
  smsCode?: string
  answers: Acknowledgement[]
  lostSubmissions: number
  // Answers from a process that could not know the SMS code sent: a killed process had filed
  // the complaint before its answer reached the complainant.
  answeredAfterLoss: number
}

type Reply = { status: number; text: string; body?: Record<string, unknown> }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// Keeps the cookies the portal sets, which fetch does not.
function createBrowser(portal: CrashSupervisor) {
  const cookies = new Map<string, string>()
  async function request(url: string, init: RequestInit) {
    try {
      const response = await fetch(`${portal.baseUrl}${url}`, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          ...(cookies.size > 0
            ? { cookie: [...cookies.values()].join('; ') }
            : {}),
        },
        signal: AbortSignal.timeout(20_000),
      })
      for (const cookie of response.headers.getSetCookie()) {
        const pair = cookie.split(';')[0]!
        cookies.set(pair.split('=')[0]!, pair)
      }
      const reply: Reply = {
        status: response.status,
        text: await response.text(),
      }
      try {
        reply.body = JSON.parse(reply.text) as Record<string, unknown>
      } catch {
        // a page or an image
      }
      return reply
    } catch {
      return 'lost' as const
    }
  }
  return {
    regional(
      method: 'GET' | 'POST',
      url: string,
      options: {
        json?: unknown
        multipart?: ReturnType<typeof multipartBody>
      } = {},
    ) {
      const signed = regionalRequest(method, url, options)
      // regionalRequest gives the body as it signed it: text or bytes.
      const payload = signed.payload as string | Buffer | undefined
      return request(url, {
        method,
        headers: signed.headers,
        body: Buffer.isBuffer(payload) ? new Uint8Array(payload) : payload,
      })
    },
    signPage: (fields: Record<string, string>) =>
      request('/ca/sign', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      }),
    captchaAnswer: async (captchaId: string) => {
      const reply = await request(`/__test__/captcha?t=${captchaId}`, {})
      return reply === 'lost' ? null : (reply.body?.answer as string | null)
    },
  }
}

export type Browser = ReturnType<typeof createBrowser>

export function createCrashFiler(
  portal: CrashSupervisor,
  options: {
    project: { id: string; name: string; code: string }
    // keeps this run's phone numbers apart
    phonePrefix: string
    onBlocked?: () => void
    onAnsweredAfterLoss?: () => void
  },
) {
  let serial = 0
  let evidencePdf: Buffer | undefined

  // Only a restart clears the portal's rate limits.
  async function restartedSince(pid: number) {
    options.onBlocked?.()
    while (portal.pid === pid) await sleep(100)
  }

  async function answered(send: () => Promise<Reply | 'lost'>) {
    for (;;) {
      await portal.running()
      const pid = portal.pid
      const reply = await send()
      if (reply === 'lost') {
        await sleep(100)
        continue
      }
      if (reply.status !== 429) return reply
      await restartedSince(pid)
    }
  }

  const data = <T>(reply: Reply, what: string): T => {
    if (reply.status !== 200 || reply.body?.Success !== true)
      throw new Error(`${what}: ${reply.status} ${reply.text.slice(0, 300)}`)
    return reply.body.Data as T
  }

  async function uploadEvidence(browser: Browser): Promise<string> {
    evidencePdf ??= await pdfDocument()
    const multipart = multipartBody([
      {
        field: 'file',
        name: '证据材料.pdf',
        content: evidencePdf,
        type: 'application/pdf',
      },
    ])
    const reply = await answered(() =>
      browser.regional('POST', '/xjApi/api/xjslts/complaint/file/cfs', {
        multipart,
      }),
    )
    return data<{ id: string }>(reply, 'upload').id
  }

  async function generateForm(browser: Browser, draft: object) {
    const reply = await answered(() =>
      browser.regional('POST', '/xjApi/api/xjslts/complaint/form', {
        json: draft,
      }),
    )
    return data<{ id: string }>(reply, 'form').id
  }

  // A new signing session after a lost post: the killed process may have used its link.
  async function seal(browser: Browser, formId: string) {
    for (;;) {
      const reply = await answered(() =>
        browser.regional(
          'GET',
          `/xjApi/api/xjslts/ca/sign/url?fileId=${formId}&type=complaint`,
        ),
      )
      const page = data<string>(reply, 'sign url')
      const token = new URL(page, portal.baseUrl).searchParams.get('token')!
      const pid = portal.pid
      const posted = await browser.signPage({ token })
      if (posted === 'lost') await sleep(100)
      else if (posted.status === 429) await restartedSince(pid)
      else if (posted.status === 200 && posted.text.includes(MSG_SIGN_SUCCESS))
        return
      else
        throw new Error(`seal: ${posted.status} ${posted.text.slice(0, 300)}`)
    }
  }

  async function smsCode(browser: Browser, phone: string): Promise<string> {
    // Restarts lose captchas and codes on the way; more failures than this are a fault.
    for (let attempt = 1; attempt <= 30; attempt++) {
      const captchaId = randomUUID()
      await answered(() =>
        browser.regional('GET', `/xjApi/api/xjslts/img/code?t=${captchaId}`),
      )
      // Killed in between: the captcha is gone with the process.
      const captcha = await browser.captchaAnswer(captchaId)
      if (!captcha) continue
      const mark = portal.sms.length
      const reply = await answered(() =>
        browser.regional('POST', '/xjApi/api/xjslts/sms/code', {
          json: { phone, captchaId, captcha },
        }),
      )
      if (reply.status !== 200) continue
      for (let wait = 0; wait < 50; wait++) {
        const line = portal.sms
          .slice(mark)
          .findLast(
            (sms) =>
              sms.phone === maskPhone(phone) &&
              sms.purpose === 'verification-code',
          )
        const code = line && /验证码为(\d{6})/.exec(line.text)?.[1]
        if (code) return code
        await sleep(100)
      }
    }
    throw new Error(`no SMS code for ${maskPhone(phone)} after 30 attempts`)
  }

  async function submit(filing: Filing, { isResend = false } = {}) {
    let codePid = portal.pid
    for (;;) {
      await portal.running()
      const pid = portal.pid
      const reply = await filing.browser.regional(
        'POST',
        '/xjApi/api/xjslts/zxtstj',
        { json: { ...filing.body, smsCode: filing.smsCode } },
      )
      if (reply === 'lost') {
        filing.lostSubmissions += 1
        await sleep(100)
        continue
      }
      const msg = reply.body?.Msg
      if (reply.status === 200) {
        filing.answers.push(data<Acknowledgement>(reply, 'submit'))
        if (!isResend && pid !== codePid) {
          filing.answeredAfterLoss += 1
          options.onAnsweredAfterLoss?.()
        }
        return
      }
      if (
        reply.status === 400 &&
        (msg === MSG_SMS_CODE_EXPIRED || msg === MSG_SMS_CODE_WRONG)
      ) {
        if (isResend)
          throw new Error(
            `a resend of a filed key was asked for a code: ${msg}`,
          )
        filing.smsCode = await smsCode(filing.browser, filing.phone)
        codePid = portal.pid
        continue
      }
      if (reply.status === 429) {
        await restartedSince(pid)
        continue
      }
      throw new Error(`submit: ${reply.status} ${reply.text.slice(0, 300)}`)
    }
  }

  return {
    async fileOne(): Promise<Filing> {
      const n = ++serial
      const browser = createBrowser(portal)
      const filing: Filing = {
        serial: n,
        clientKey: randomUUID(),
        phone: `${options.phonePrefix}${String(n).padStart(8, '0')}`,
        browser,
        answers: [],
        lostSubmissions: 0,
        answeredAfterLoss: 0,
      }
      const complainant = {
        type: 'legal_person',
        role: 'bidder',
        name: '新疆天山水利建设有限公司',
        idNumber: '91650100MA77XF1234',
        legalRepresentative: '王建国',
        address: '乌鲁木齐市天山区解放北路88号',
      }
      const draft = {
        project: options.project,
        complainant,
        contact: { name: '李明', phone: filing.phone, email: '' },
        respondents: [
          { role: 'tenderer', name: '阿拉尔市水利局', address: '阿拉尔市' },
          { role: 'committee', name: '本项目评标委员会' },
        ],
        complaintType: 'other',
        factsHtml: `<p>第${n}号：评标委员会未按招标文件规定的评标标准和方法评审投标文件。</p>`,
        requests: '请求责令重新评审并依法处理。',
        evidenceFileIds: [await uploadEvidence(browser)],
      }
      const formFileId = await generateForm(browser, draft)
      await seal(browser, formFileId)
      filing.smsCode = await smsCode(browser, filing.phone)
      filing.body = { ...draft, formFileId, clientKey: filing.clientKey }
      await submit(filing)
      return filing
    },
    resend: (filing: Filing) => submit(filing, { isResend: true }),
  }
}
