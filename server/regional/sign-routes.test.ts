import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MSG_UPLOAD_FAILED } from '#common/messages.ts'
import {
  createNonce,
  regionalSignature,
  sha256Hex,
  UNSIGNED_PAYLOAD,
} from '#common/protocol/regional-sign.ts'
import { createPdf } from '#server/demo/demo-documents.ts'
import { hashAccessKey } from '#server/files/access-key.ts'
import { insertFileUpload } from '#server/files/file-access-repository.ts'
import { saveFile, type SavedFile } from '#server/files/save-file.ts'
import { testConfig } from '#tests/app-config.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { buildTestApp } from '#tests/test-app.ts'

import { cjkFontBytes } from '#server/files/cjk-font.ts'

import { createBuiltinSigningProvider } from '#server/signing/builtin-provider.ts'
import { isValidAndUnmodified, pdfsig } from '#server/signing/pdfsig.ts'
import { insertComplaintForm } from '#server/complaints/filing/complaint-form-repository.ts'
import { SEAL_REFUSED_STATE } from '#common/constants/protocol.ts'
import type { SealHolder } from '#common/schemas/signing.ts'
import { findSealedCopy } from '#server/signing/signing-repository.ts'
import {
  createSigningSession,
  sealStoredFile,
  sealWithDepartmentSeal,
} from '#server/signing/signing-service.ts'

const COMPLAINANT = '新疆昆仑水利水电工程有限公司'
const CREDIT_CODE = '91650100MA7XYT1234'
const HOLDER: SealHolder = {
  name: COMPLAINANT,
  kind: 'organisation',
  idNumber: CREDIT_CODE,
}
const UPLOAD = '/xjApi/api/xjslts/ca/sign/upload'
// The complainant's browser: the letters stand for files it uploaded, which it alone (with
// staff) may sign and read (file-access.ts).
const BROWSER_KEY = 'k'.repeat(43)
const cookie = `file-access=${BROWSER_KEY}`

describe.each(testEngines)('the signing paths on %s', (engine) => {
  let test: TestDatabase
  let app: FastifyInstance
  let letter: SavedFile
  let scratch: string
  const config = testConfig('')

  async function signedHeaders(method: string, url: string, hash: string) {
    const timestamp = String(Date.now())
    const nonce = createNonce()
    return {
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-content-sha256': hash,
      'x-signature': await regionalSignature(
        { method, pathAndQuery: url, timestamp, nonce, contentSha256: hash },
        config.regionalHmacSecret,
      ),
    }
  }

  async function xjGet(pathname: string, query: Record<string, string>) {
    const url = `/xjApi/api/xjslts${pathname}?${new URLSearchParams(query)}`
    return app.inject({
      method: 'GET',
      url,
      headers: {
        ...(await signedHeaders('GET', url, await sha256Hex(''))),
        cookie,
      },
    })
  }

  async function xjUpload(token: string, pdf: Uint8Array) {
    const boundary = `----portal${createNonce()}`
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="signed.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      Buffer.from(pdf),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    return app.inject({
      method: 'POST',
      url: UPLOAD,
      payload,
      headers: {
        ...(await signedHeaders('POST', UPLOAD, UNSIGNED_PAYLOAD)),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    })
  }

  async function openSession(
    file: SavedFile,
    type = 'complaint',
    extra: Record<string, string> = {},
  ) {
    const response = await xjGet('/ca/sign/url', {
      uploadUrl: UPLOAD,
      fileUrl: `/files/${file.id}/${encodeURIComponent(file.name)}`,
      fileName: file.name,
      fileId: file.id,
      type,
      ...extra,
    })
    expect(response.statusCode, response.body).toBe(200)
    const url = response.json().Data as string
    return { url, token: new URL(url, 'http://x').searchParams.get('token')! }
  }

  const postForm = (fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/ca/sign',
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })

  /** A PDF this browser may read; with a holder, a 投诉书 the portal generated for them. */
  async function newLetter(
    title = '投诉书',
    holder: SealHolder | null = HOLDER,
  ) {
    const bytes = await createPdf(
      {
        title,
        paragraphs: ['投诉人对塔里木河治理工程评标结果提出投诉。'],
      } as Parameters<typeof createPdf>[0],
      await cjkFontBytes(),
      holder?.name ?? COMPLAINANT,
    )
    const file = await uploaded(
      await saveFile(test.db, test.storage, {
        name: `${title}.pdf`,
        mime: 'application/pdf',
        bytes,
      }),
    )
    if (holder)
      await insertComplaintForm(test.db, {
        fileId: file.id,
        draftSha256: 'a'.repeat(64),
        complainantName: holder.name,
        complainantKind: holder.kind,
        complainantIdNumber: holder.idNumber,
        createdAt: '2026-11-24 09:00:00',
      })
    return file
  }

  async function uploaded(file: SavedFile) {
    await insertFileUpload(test.db, {
      fileId: file.id,
      keyHash: hashAccessKey(BROWSER_KEY),
      uploadedAt: Date.now(),
    })
    return file
  }
  const download = (url: string) => app.inject({ url, headers: { cookie } })

  beforeAll(async () => {
    test = await createTestDatabase(engine)
    scratch = await mkdtemp(path.join(os.tmpdir(), 'sign-api-'))
    app = await buildTestApp(test)
    letter = await newLetter()
  })
  afterAll(async () => {
    await app?.close()
    await test?.destroy()
    await rm(scratch, { recursive: true, force: true })
  })

  const sessionCount = async () =>
    Number(
      (
        await test.db
          .selectFrom('signingSession')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('shows the holder stored for the letter, seals for them whatever the form posts, and /ca/sign/file gives the sealed copy first', async () => {
    // Before sealing: nothing sealed, answered as such (no 404 in the browser's console).
    const before = await xjGet('/ca/sign/file', { fileId: letter.id })
    expect(before.statusCode).toBe(200)
    expect(before.json()).toMatchObject({ Success: true, Data: [] })

    const { url, token } = await openSession(letter)
    expect(url).toMatch(/^\/ca\/sign\?token=[A-Za-z0-9_-]{43}$/)
    const form = await app.inject({ url })
    expect(form.statusCode).toBe(200)
    expect(form.headers['content-type']).toContain('text/html')
    expect(form.headers['content-security-policy']).toContain(
      "default-src 'none'",
    )
    expect(form.body).toContain('投诉书.pdf')
    expect(form.body).toContain('投诉专用章')
    expect(form.body).toContain('确认签章')
    // The holder is shown as stored, the number masked; there is nothing to type.
    expect(form.body).toContain(COMPLAINANT)
    expect(form.body).toContain('单位（法人或其他组织）')
    expect(form.body).toContain('9165**********1234')
    expect(form.body).not.toContain(CREDIT_CODE)
    expect(form.body).not.toMatch(/<input[^>]+type="(text|radio)"/)
    // Opened in a new window: no way back but closing it.
    expect(form.body).not.toContain('暂不签章，返回投诉页面')

    // A client that posts a name and a number of its own still seals for the stored holder.
    const done = await postForm({
      token,
      kind: 'person',
      name: '另一家建设有限公司',
      idNumber: '650102199004011234',
    })
    expect(done.statusCode).toBe(200)
    expect(done.body).toContain('签章成功')
    expect(done.body).toContain('您可以关闭本页面')

    const after = await xjGet('/ca/sign/file', { fileId: letter.id })
    const items = after.json().Data as {
      id: string
      name: string
      url: string
      fullurl: string
    }[]
    expect(items).toHaveLength(2)
    expect(items[0]!.name).toBe('投诉书（已签章）.pdf')
    expect(items[1]!.id).toBe(letter.id)
    const sealedCopy = await download(items[0]!.fullurl)
    expect(sealedCopy.statusCode).toBe(200)
    const report = await pdfsig(scratch, sealedCopy.rawPayload)
    expect(isValidAndUnmodified(report)).toBe(true)
    expect(report).toContain(`Signer Certificate Common Name: ${COMPLAINANT}`)
    expect(report).not.toContain('另一家建设有限公司')

    const copy = await findSealedCopy(test.db, letter.id)
    expect(copy).toMatchObject({
      signedFileId: items[0]!.id,
      signerName: COMPLAINANT,
      signerKind: 'organisation',
      // The certificate names the holder's number (subject serialNumber) as stored.
      signerIdNumber: CREDIT_CODE,
      provider: 'builtin',
    })
    expect(copy!.certificateSerial).toMatch(/^[0-9a-f]{32}$/)
    // The copy's id, sent back as the form to file, is known as sealed too.
    expect(
      (await xjGet('/ca/sign/file', { fileId: items[0]!.id })).json().Data[0]
        .id,
    ).toBe(items[0]!.id)

    // single use: the same link cannot seal again
    const again = await postForm({ token })
    expect(again.statusCode).toBe(410)
    expect(again.body).toContain('签章链接已失效')
    expect((await app.inject({ url })).body).toContain('签章链接已失效')
  })

  it('seals a natural person for their ID card number, shown masked', async () => {
    const person: SealHolder = {
      name: '买买提·艾力',
      kind: 'person',
      idNumber: '65010219900103123X',
    }
    const file = await newLetter('个人投诉书', person)
    const { url, token } = await openSession(file)
    const page = (await app.inject({ url })).body
    expect(page).toContain('买买提·艾力')
    expect(page).toContain('个人（自然人）')
    expect(page).toContain('居民身份证号码')
    expect(page).toContain('6501**********123X')
    expect(page).not.toContain(person.idNumber)
    expect((await postForm({ token })).body).toContain('签章成功')
    expect(await findSealedCopy(test.db, file.id)).toMatchObject({
      signerName: '买买提·艾力',
      signerKind: 'person',
      signerIdNumber: '65010219900103123X',
    })
  })

  it('refuses before sealing when the holder the form shows differs from the letter, saying which part', async () => {
    const file = await newLetter('核对投诉书')
    const sessions = await sessionCount()
    const wrongName = await xjGet('/ca/sign/url', {
      fileId: file.id,
      type: 'complaint',
      holderName: '新疆昆仑水利工程有限公司',
      holderIdNumber: CREDIT_CODE,
    })
    expect(wrongName.statusCode).toBe(409)
    expect(wrongName.json()).toEqual({
      Success: false,
      State: 409,
      Msg: `签章前核对未通过：表单中投诉人的名称“新疆昆仑水利工程有限公司”与投诉书上的投诉人“${COMPLAINANT}”不一致。投诉书须与表单一致，请点击“重新生成投诉书”后再签章`,
    })
    const wrongNumber = await xjGet('/ca/sign/url', {
      fileId: file.id,
      type: 'complaint',
      holderName: COMPLAINANT,
      holderIdNumber: '91650100MA7XY89999',
    })
    expect(wrongNumber.statusCode).toBe(409)
    expect(wrongNumber.json().Msg).toBe(
      '签章前核对未通过：表单中投诉人的统一社会信用代码（9165**********9999）与投诉书上的（9165**********1234）不一致。投诉书须与表单一致，请点击“重新生成投诉书”后再签章',
    )
    const both = await xjGet('/ca/sign/url', {
      fileId: file.id,
      holderName: '另一家公司',
      holderIdNumber: '91650100MA7XY89999',
    })
    expect(both.json().Msg).toContain('名称“另一家公司”')
    expect(both.json().Msg).toContain('统一社会信用代码（9165**********9999）')
    // Nothing was opened, nothing sealed.
    expect(await sessionCount()).toBe(sessions)
    expect(await findSealedCopy(test.db, file.id)).toBeUndefined()
    // The same holder as people write it (spaces, lower case) is the same holder.
    const { token } = await openSession(file, 'complaint', {
      holderName: ` ${COMPLAINANT} `,
      holderIdNumber: CREDIT_CODE.toLowerCase(),
    })
    expect((await postForm({ token })).body).toContain('签章成功')
  })

  it('seals only files the portal knows the holder of', async () => {
    const stranger = await newLetter('证据材料', null)
    const refused = await xjGet('/ca/sign/url', { fileId: stranger.id })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().Msg).toBe(
      '只能对本平台生成的投诉书签章，请先点击“生成投诉书”',
    )
  })

  it('seals a sealed letter again from its original (重新签章), and the newest seal counts', async () => {
    const file = await newLetter('重新签章投诉书')
    const first = await openSession(file)
    await postForm({ token: first.token })
    const sealed = (await xjGet('/ca/sign/file', { fileId: file.id })).json()
      .Data[0].id as string
    // The form names the sealed copy when it asks to seal again.
    const again = await openSession(
      { ...file, id: sealed, name: '重新签章投诉书（已签章）.pdf' },
      'complaint',
    )
    expect((await postForm({ token: again.token })).body).toContain('签章成功')
    const newest = await findSealedCopy(test.db, file.id)
    expect(newest!.signedFileId).not.toBe(sealed)
    expect(
      (await xjGet('/ca/sign/file', { fileId: file.id })).json().Data[0].id,
    ).toBe(newest!.signedFileId)
  })

  it('in the same tab leads back to the path it was opened with, and only to a path of this site', async () => {
    const file = await newLetter('手机签章投诉书')
    const { url, token } = await openSession(file, 'complaint', {
      returnUrl: '/complaint/apply',
    })
    const page = (await app.inject({ url })).body
    expect(page).toContain('href="/complaint/apply"')
    expect(page).toContain('暂不签章，返回投诉页面')
    const done = await postForm({ token })
    expect(done.body).toContain('签章成功')
    expect(done.body).toMatch(
      /<a class="back" href="\/complaint\/apply">返回投诉页面<\/a>/,
    )
    expect(done.body).not.toContain('您可以关闭本页面')
    // A used link still leads back.
    const used = await app.inject({ url })
    expect(used.statusCode).toBe(410)
    expect(used.body).toContain('href="/complaint/apply"')

    for (const returnUrl of [
      'https://evil.example/complaint/apply',
      '//evil.example/x',
      '/\\evil.example',
      'complaint/apply',
      'javascript:alert(1)',
    ]) {
      const response = await xjGet('/ca/sign/url', {
        fileId: file.id,
        returnUrl,
      })
      expect(response.statusCode, returnUrl).toBe(400)
      expect(response.json().Msg).toBe('返回地址无效')
    }
  })

  it('does not hand out a sealed copy recorded for someone other than the holder', async () => {
    // A letter sealed under another name before the holder was decided by the server.
    const file = await newLetter('旧投诉书')
    await sealStoredFile(
      app.signing,
      file.id,
      { name: '另一家建设有限公司', kind: 'organisation' },
      '投诉专用章',
    )
    const refused = await xjGet('/ca/sign/file', { fileId: file.id })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      Success: false,
      State: SEAL_REFUSED_STATE,
      Msg: `投诉书上的电子印章不是投诉人的：电子印章的名称“另一家建设有限公司”与投诉书上的投诉人“${COMPLAINANT}”不一致。请点击“重新签章”`,
    })
    // 重新签章 puts it right.
    const { token } = await openSession(file)
    await postForm({ token })
    expect((await xjGet('/ca/sign/file', { fileId: file.id })).statusCode).toBe(
      200,
    )
  })

  it('takes a signed file back through /ca/sign/upload only when it seals the original for its holder', async () => {
    const file = await newLetter('证据材料')
    const original = Buffer.from(
      (await download(`/files/${file.id}/${encodeURIComponent(file.name)}`))
        .rawPayload,
    )
    const provider = app.signing.provider
    const sealed = (
      await provider.sealPdf(original, HOLDER, { purpose: '电子签章' })
    ).bytes
    const { token } = await openSession(file, '')

    const tampered = Buffer.from(sealed)
    tampered.writeUInt8(tampered.readUInt8(200) ^ 1, 200)
    const refused = await xjUpload(token, tampered)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().Msg).toMatch(/^签章文件校验失败：/)

    const stranger = createBuiltinSigningProvider(
      path.join(scratch, 'stranger'),
    )
    const foreign = (
      await stranger.sealPdf(original, HOLDER, { purpose: '电子签章' })
    ).bytes
    const untrusted = await xjUpload(token, foreign)
    expect(untrusted.json().Msg).toBe(
      '签章文件校验失败：签章证书不是受信任的签章机构签发的',
    )

    const other = await newLetter('其他文件')
    const otherSealed = (
      await provider.sealPdf(
        Buffer.from(
          (
            await download(
              `/files/${other.id}/${encodeURIComponent(other.name)}`,
            )
          ).rawPayload,
        ),
        HOLDER,
        { purpose: '电子签章' },
      )
    ).bytes
    expect((await xjUpload(token, otherSealed)).json().Msg).toBe(
      '签章文件校验失败：签章文件与原文件不一致',
    )

    // Sealed by a trusted CA, but for another holder: refused, nothing stored.
    const others: [
      SealHolder | { name: string; kind: 'organisation' },
      string,
    ][] = [
      [
        { name: '另一家建设有限公司', kind: 'organisation' },
        `签章未完成：电子印章的名称“另一家建设有限公司”与投诉书上的投诉人“${COMPLAINANT}”不一致。只能以投诉人本人的电子印章签章，请回到原页面重新点击签章`,
      ],
      [
        { ...HOLDER, idNumber: '91650100MA7XY89999' },
        '签章未完成：电子印章的统一社会信用代码（9165**********9999）与投诉书上的（9165**********1234）不一致。只能以投诉人本人的电子印章签章，请回到原页面重新点击签章',
      ],
    ]
    for (const [signer, msg] of others) {
      const bytes = (
        await provider.sealPdf(original, signer, { purpose: '电子签章' })
      ).bytes
      const answer = await xjUpload(token, bytes)
      expect(answer.statusCode).toBe(409)
      expect(answer.json().Msg).toBe(msg)
      expect(await findSealedCopy(test.db, file.id)).toBeUndefined()
    }

    const accepted = await xjUpload(token, sealed)
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json().Data).toMatchObject({
      name: '证据材料（已签章）.pdf',
    })
    expect((await findSealedCopy(test.db, file.id))?.signedFileId).toBe(
      accepted.json().Data.id,
    )
    expect((await xjUpload(token, sealed)).statusCode).toBe(410)
  })

  it('answers a signed file upload that is not multipart data with 400 and 文件上传失败', async () => {
    for (const [payload, contentType] of [
      ['garbage', 'multipart/form-data; boundary=----portalbroken'],
      [
        '------portalbroken\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF',
        'multipart/form-data; boundary=----portalbroken',
      ],
      ['garbage', 'multipart/form-data'],
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: UPLOAD,
        payload,
        headers: {
          ...(await signedHeaders('POST', UPLOAD, UNSIGNED_PAYLOAD)),
          'content-type': contentType!,
        },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        Success: false,
        State: 400,
        Msg: MSG_UPLOAD_FAILED,
      })
    }
  })

  it('answers a signing link whose token is longer than any token with a Chinese page, not a failure', async () => {
    for (const token of ['a'.repeat(65), 'x'.repeat(5000), '签'.repeat(100)]) {
      const response = await app.inject({
        url: `/ca/sign?token=${encodeURIComponent(token)}`,
      })
      expect(response.statusCode).toBeGreaterThanOrEqual(400)
      expect(response.statusCode).toBeLessThan(500)
      expect(response.headers['content-type']).toMatch(/^text\/html/)
      expect(response.headers['content-security-policy']).toContain(
        "default-src 'none'",
      )
      expect(response.body).toMatch(/[\u4e00-\u9fff]/)
      expect(response.body).not.toContain('服务器繁忙')
    }
  })

  it('seals a decision document with the department seal', async () => {
    const decision = await newLetter('投诉处理决定书')
    const sealed = await sealWithDepartmentSeal(app.signing, decision.id)
    expect(sealed.name).toBe('投诉处理决定书（已签章）.pdf')
    expect(await findSealedCopy(test.db, decision.id)).toMatchObject({
      signedFileId: sealed.id,
      signerName: '新疆维吾尔自治区水利厅',
      signerKind: 'organisation',
    })
    const copy = await download(
      `/files/${sealed.id}/${encodeURIComponent(sealed.name)}`,
    )
    const report = await pdfsig(scratch, copy.rawPayload, 'decision.pdf')
    expect(isValidAndUnmodified(report)).toBe(true)
    expect(report).toContain('Common Name: 新疆维吾尔自治区水利厅')
  })

  it('refuses bad requests with clear Chinese messages and changes nothing', async () => {
    const missing = await xjGet('/ca/sign/url', { fileName: 'x.pdf' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({
      Success: false,
      State: 400,
      Msg: '缺少文件编号',
    })
    expect(
      (await xjGet('/ca/sign/url', { fileId: 'no-such-file' })).json().Msg,
    ).toBe('要签章的文件不存在')
    expect(
      (
        await xjGet('/ca/sign/url', {
          fileId: letter.id,
          uploadUrl: 'https://evil.example/steal',
        })
      ).json().Msg,
    ).toBe('签章回传地址无效')
    expect(
      (
        await xjGet('/ca/sign/url', {
          fileId: letter.id,
          fileUrl: '/files/abc/other.pdf',
        })
      ).json().Msg,
    ).toBe('文件地址与文件编号不符')
    const word = await uploaded(
      await saveFile(test.db, test.storage, {
        name: '说明.docx',
        mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        bytes: Buffer.from('PK'),
      }),
    )
    expect((await xjGet('/ca/sign/url', { fileId: word.id })).json().Msg).toBe(
      '只能对PDF文件签章',
    )
    const unsigned = await app.inject({
      url: `/xjApi/api/xjslts/ca/sign/url?fileId=${letter.id}`,
    })
    expect(unsigned.statusCode).toBe(401)

    expect(
      (await app.inject({ url: '/ca/sign?token=nonsense' })).body,
    ).toContain('签章链接无效')
    const stale = await createSigningSession(
      test.db,
      { fileId: letter.id, signType: '', holder: HOLDER },
      new Date(Date.now() - 31 * 60_000),
    )
    const expired = await app.inject({ url: `/ca/sign?token=${stale}` })
    expect(expired.statusCode).toBe(410)
    expect(expired.body).toContain('签章链接已过期')
  })
})
