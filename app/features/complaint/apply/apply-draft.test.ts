// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'

import { ClientKeySchema } from '#common/schemas/complaint/complaint-filing.ts'

import {
  clearDraft,
  loadDraft,
  newClientKey,
  saveDraft,
} from './apply-draft.ts'

afterEach(() => {
  clearDraft()
  vi.unstubAllGlobals()
})

describe('the draft kept in the tab', () => {
  it('keeps its client key across a reload, and not the single-use codes', () => {
    const clientKey = newClientKey()
    saveDraft({
      values: {
        complainant: { name: '新疆天山水利建设有限公司' },
        contact: {},
        respondents: [],
        captcha: 'AB12',
        smsCode: '123456',
      },
      clientKey,
    })
    expect(loadDraft()).toEqual({
      values: {
        complainant: { name: '新疆天山水利建设有限公司' },
        contact: {},
        respondents: [],
      },
      clientKey,
    })
  })

  it('keeps the letter being sealed and the SMS code across a trip to the signing page, and drops the trip once taken', () => {
    const clientKey = newClientKey()
    const values = {
      complainant: { name: '新疆天山水利建设有限公司' },
      contact: {},
      respondents: [],
      formFile: {
        id: 'letter01',
        name: '投诉书.pdf',
        url: '/files/letter01/x.pdf',
        type: 1 as const,
      },
      smsCode: '123456',
    }
    saveDraft({
      values,
      clientKey,
      signing: { fileId: 'letter01', smsCode: '123456' },
    })
    const back = loadDraft()
    expect(back?.signing).toEqual({ fileId: 'letter01', smsCode: '123456' })
    expect(back?.values.formFile?.id).toBe('letter01')
    expect(back?.values.smsCode).toBeUndefined()
    saveDraft({ values: back!.values, clientKey })
    expect(loadDraft()?.signing).toBeUndefined()
  })

  it('gives a draft kept without a client key one of its own', () => {
    window.sessionStorage.setItem(
      'complaint-apply-draft',
      JSON.stringify({ values: { contact: {}, respondents: [] } }),
    )
    const draft = loadDraft()
    expect(ClientKeySchema.safeParse(draft?.clientKey).success).toBe(true)
  })

  it('draws keys the submission accepts, with or without crypto.randomUUID', () => {
    const keys = [newClientKey(), newClientKey()]
    // Plain HTTP is no secure context: randomUUID is missing there.
    const secure = globalThis.crypto
    vi.stubGlobal('crypto', {
      getRandomValues: (bytes: Uint8Array<ArrayBuffer>) =>
        secure.getRandomValues(bytes),
    })
    keys.push(newClientKey(), newClientKey())
    for (const key of keys) expect(ClientKeySchema.parse(key)).toBe(key)
    expect(new Set(keys).size).toBe(4)
  })
})
