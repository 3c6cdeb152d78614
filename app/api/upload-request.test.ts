// @vitest-environment jsdom
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MSG_UPLOAD_FAILED, MSG_UPLOAD_NO_RESPONSE } from '#common/messages.ts'

import {
  fileRecordOf,
  readUploadedData,
  sendFileUpload,
} from './upload-request.ts'

const readUploadedFile = (body: unknown) => fileRecordOf(readUploadedData(body))

type Reply = (
  request: IncomingMessage,
  body: Buffer,
) => {
  status: number
  text: string
}
let reply: Reply = () => ({ status: 200, text: '{}' })
/** Told when the server has read a whole request to /never, which it never answers. */
let heldNever = () => {}
let server: Server
let base = ''

beforeAll(async () => {
  server = createServer((request, response) => {
    // jsdom enforces CORS: the page's origin differs from this server's.
    response.setHeader('Access-Control-Allow-Origin', '*')
    response.setHeader('Access-Control-Allow-Headers', '*')
    if (request.method === 'OPTIONS') return response.end()
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (request.url === '/hang') return request.socket.destroy()
      if (request.url === '/never') return heldNever()
      const { status, text } = reply(request, Buffer.concat(chunks))
      response.statusCode = status
      response.end(text)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(
  () =>
    new Promise((resolve) => {
      server.close(resolve)
      server.closeAllConnections()
    }),
)

const pdf = () =>
  new File(['%PDF-1.7 证据'], '证据.pdf', { type: 'application/pdf' })

describe('sending an upload (spec §7, §8)', () => {
  it('posts the file as multipart field `file` with the given headers and reports 100 at the end', async () => {
    let seen = ''
    let header = ''
    reply = (request, body) => {
      seen = body.toString('utf8')
      header = String(request.headers['x-signature'])
      return { status: 200, text: '{"location":"/files/1/a.png"}' }
    }
    const percents: number[] = []
    const body = await sendFileUpload({
      url: `${base}/upload`,
      file: pdf(),
      headers: { 'X-Signature': 'abc' },
      onProgress: (percent) => percents.push(percent),
    })
    expect(body).toEqual({ location: '/files/1/a.png' })
    expect(seen).toContain('name="file"; filename="证据.pdf"')
    expect(seen).toContain('%PDF-1.7 证据')
    expect(header).toBe('abc')
    expect(percents.at(-1)).toBe(100)
  })

  it('turns an HTTP error into 文件上传失败（status），body', async () => {
    reply = () => ({ status: 413, text: '{"Success":false,"Msg":"文件过大"}' })
    await expect(
      sendFileUpload({ url: `${base}/upload`, file: pdf() }),
    ).rejects.toThrow('文件上传失败（413），文件过大')
    reply = () => ({ status: 502, text: 'Bad Gateway' })
    await expect(
      sendFileUpload({ url: `${base}/upload`, file: pdf() }),
    ).rejects.toThrow('文件上传失败（502），Bad Gateway')
  })

  it('says the server did not respond when the connection drops', async () => {
    await expect(
      sendFileUpload({ url: `${base}/hang`, file: pdf() }),
    ).rejects.toThrow(MSG_UPLOAD_NO_RESPONSE)
  })

  it('stops when its signal aborts, rejecting with the reason', async () => {
    const controller = new AbortController()
    const held = new Promise<void>((resolve) => (heldNever = resolve))
    const sending = sendFileUpload({
      url: `${base}/never`,
      file: pdf(),
      signal: controller.signal,
    })
    // Aborted while the server holds the whole upload without answering.
    await held
    controller.abort()
    await expect(sending).rejects.toMatchObject({ name: 'AbortError' })
  })
})

describe('reading the uploaded file record', () => {
  const record = {
    id: '7',
    name: '证据.pdf',
    url: '/files/7/证据.pdf',
    type: 1,
  }

  it('reads Data, data and the file-service shape, preferring the full url', () => {
    expect(readUploadedFile({ Success: true, Data: record }).fullurl).toBe(
      '/files/7/证据.pdf',
    )
    expect(
      readUploadedFile({
        result: true,
        data: { ...record, full_url: 'http://x/7' },
        msg: '',
      }).fullurl,
    ).toBe('http://x/7')
  })

  it("shows the server's msg for a reply without data, or 文件上传失败", () => {
    expect(() =>
      readUploadedFile({ data: null, msg: '文件类型不允许' }),
    ).toThrow('文件类型不允许')
    expect(() => readUploadedFile({ Success: false, Msg: '验证失败' })).toThrow(
      '验证失败',
    )
    expect(() => readUploadedFile('<html>')).toThrow(MSG_UPLOAD_FAILED)
  })
})
