import { describe, expect, it } from 'vitest'

import { decryptPortalData } from '#common/protocol/portal-envelope.ts'
import { portalSign } from '#common/protocol/portal-sign.ts'

import { encryptPortalJsonNode, portalSignNode } from './server-crypto.ts'

describe("the server's Node crypto for the Portal API", () => {
  it('signs exactly as the browser does', async () => {
    const params = {
      pageNo: 1,
      keyword: '水库 除险加固',
      ctype: '1073,1001',
      empty: '',
      list: [1, 2],
      ts: 1795300000000,
    }
    expect(portalSignNode(params, 'a-secret-of-the-portal')).toBe(
      await portalSign(params, 'a-secret-of-the-portal'),
    )
  })

  it('encrypts what the browser decrypts, with a fresh IV every time', async () => {
    const json = JSON.stringify({
      Table: [{ title: '关于开展专项整治的通知' }],
      Total: 1,
    })
    const first = encryptPortalJsonNode(json, 'aes-key-16-bytes')
    const second = encryptPortalJsonNode(json, 'aes-key-16-bytes')
    expect(first).not.toBe(second)
    expect(await decryptPortalData(first, 'aes-key-16-bytes')).toEqual(
      JSON.parse(json),
    )
  })
})
