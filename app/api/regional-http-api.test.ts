import { describe, expect, it } from 'vitest'

import { MSG_UPLOAD_FAILED } from '#common/messages.ts'

import {
  createRegionalHttpApi,
  type RegionalTransport,
} from './regional-http-api.ts'

const ACCESS = { complaintNo: '202611200003', queryCode: 'ABCD2345EFGH' }

/** A transport that records each call and answers with what the test gives it. */
function recordingTransport(answer: unknown = { ok: true }) {
  const calls: { method: string; path: string; payload: unknown }[] = []
  const record = (method: string) => (path: string, payload?: unknown) => {
    calls.push({ method, path, payload })
    return Promise.resolve(answer)
  }
  const transport = {
    base: '/xjApi',
    get: record('GET'),
    getBlob: record('GET'),
    post: record('POST'),
    upload: record('UPLOAD'),
  } as RegionalTransport
  return { calls, api: createRegionalHttpApi(transport) }
}

describe('the regional API over the signed transport (spec §7)', () => {
  it('sends the material answer of tscshsb as a GET with the file ids comma-joined', async () => {
    const { calls, api } = recordingTransport()
    await api.answerMaterialRequest({
      ...ACCESS,
      requestId: 3,
      answerText: '补充营业执照',
      fileIds: ['f1', 'f2'],
    })
    expect(calls).toEqual([
      {
        method: 'GET',
        path: '/api/xjslts/tscshsb',
        payload: {
          ...ACCESS,
          requestId: 3,
          answerText: '补充营业执照',
          fileIds: 'f1,f2',
        },
      },
    ])
  })

  it('asks for a signing page with the regional path the sealed file comes back to', async () => {
    const { calls, api } = recordingTransport('/ca/sign?token=t0')
    expect(await api.signingPageUrl({ fileId: 'f1', type: 'complaint' })).toBe(
      '/ca/sign?token=t0',
    )
    expect(calls[0]).toEqual({
      method: 'GET',
      path: '/api/xjslts/ca/sign/url',
      payload: {
        uploadUrl: '/xjApi/api/xjslts/ca/sign/upload',
        fileId: 'f1',
        type: 'complaint',
      },
    })
  })

  it('resolves the follow-up actions without their answers', async () => {
    const { calls, api } = recordingTransport({ state: 'submitted' })
    await expect(
      api.applyForWithdrawal({
        ...ACCESS,
        reason: '已与招标人协商解决',
        fileIds: [],
      }),
    ).resolves.toBeUndefined()
    await expect(
      api.signDocumentReceipt({ ...ACCESS, documentId: 7, signerName: '张三' }),
    ).resolves.toBeUndefined()
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /api/xjslts/revoke/apply',
      'POST /api/xjslts/receipt/sign',
    ])
  })

  it('reads an uploaded complaint file as a file record with its full url', async () => {
    const record = {
      id: '7',
      name: '证据.pdf',
      url: '/files/7/证据.pdf',
      type: 1,
    }
    const { calls, api } = recordingTransport(record)
    const file = new File(['%PDF-1.7'], '证据.pdf')
    expect(await api.uploadComplaintFile(file)).toEqual({
      ...record,
      fullurl: '/files/7/证据.pdf',
    })
    expect(calls[0]?.path).toBe('/api/xjslts/complaint/file/cfs')
    const broken = recordingTransport({ name: '证据.pdf' }).api
    await expect(broken.uploadComplaintFile(file)).rejects.toThrow(
      MSG_UPLOAD_FAILED,
    )
  })
})
