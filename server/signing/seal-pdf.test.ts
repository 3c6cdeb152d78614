import { X509Certificate } from 'node:crypto'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import {
  PDFDocument,
  PDFName,
  PDFDict,
  PDFArray,
  PDFRawStream,
  decodePDFRawStream,
} from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createPdf } from '#server/demo/demo-documents.ts'

import { cjkFontBytes } from '#server/files/cjk-font.ts'

import {
  issueSignerCertificate,
  loadOrCreateCertificateAuthority,
} from './builtin-ca.ts'
import { createBuiltinSigningProvider } from './builtin-provider.ts'
import { isValidAndUnmodified, pdfsig } from './pdfsig.ts'
import type { SigningProvider } from './signing-provider.ts'
import { verifySignedPdf } from './verify-signed-pdf.ts'

const COMPANY = '新疆天山水利水电工程建设有限公司'

describe('the built-in electronic seal', () => {
  let folder: string
  let provider: SigningProvider
  let original: Uint8Array
  let signed: Uint8Array

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'seal-'))
    provider = createBuiltinSigningProvider(folder)
    original = await createPdf(
      {
        title: '投诉书',
        paragraphs: ['投诉人对叶尔羌河防洪工程施工招标的评标结果提出投诉。'],
      } as Parameters<typeof createPdf>[0],
      await cjkFontBytes(),
      COMPANY,
    )
    signed = (
      await provider.sealPdf(
        original,
        { name: COMPANY, kind: 'organisation' },
        { purpose: '投诉专用章' },
      )
    ).bytes
  })
  afterAll(() => rm(folder, { recursive: true, force: true }))

  it('keeps one root CA in DATA_DIR, readable by the owner only', async () => {
    const first = await loadOrCreateCertificateAuthority(folder)
    const again = await loadOrCreateCertificateAuthority(folder)
    expect(again.certificatePem).toBe(first.certificatePem)
    expect(first.certificate.ca).toBe(true)
    const key = await stat(path.join(folder, 'signing', 'root-ca-key.pem'))
    expect(key.mode & 0o777).toBe(0o600)
  })

  it('issues a signer certificate with the name as CN (and O for an organisation)', async () => {
    const ca = await loadOrCreateCertificateAuthority(folder)
    const organisation = await issueSignerCertificate(ca, {
      name: COMPANY,
      kind: 'organisation',
    })
    const x509 = new X509Certificate(organisation.certificatePem)
    expect(x509.subject).toContain(`CN=${COMPANY}`)
    expect(x509.subject).toContain(`O=${COMPANY}`)
    expect(x509.checkIssued(ca.certificate)).toBe(true)
    expect(x509.verify(ca.certificate.publicKey)).toBe(true)
    expect(x509.ca).toBe(false)
    expect(organisation.info.subjectKind).toBe('organisation')
    const person = await issueSignerCertificate(ca, {
      name: '阿依古丽·买买提',
      kind: 'person',
    })
    expect(person.info.subjectName).toBe('阿依古丽·买买提')
    expect(person.info.subjectKind).toBe('person')
    expect(person.info.serialNumber).not.toBe(organisation.info.serialNumber)
  })

  it('signs so that pdfsig reports the signature valid and the whole document signed', async () => {
    const report = await pdfsig(folder, signed)
    expect(isValidAndUnmodified(report)).toBe(true)
    expect(report).toContain(`Signer Certificate Common Name: ${COMPANY}`)
    expect(report).toContain('Signature Type: ETSI.CAdES.detached')
    expect(report).toContain('Signing Hash Algorithm: SHA-256')
  })

  it('keeps the original bytes as the first revision, and verifies against its root', async () => {
    expect(
      Buffer.from(signed.subarray(0, original.length)).equals(
        Buffer.from(original),
      ),
    ).toBe(true)
    const { certificate } = verifySignedPdf(signed, {
      trustedRoots: await provider.trustedRoots(),
      original,
    })
    expect(certificate.subjectName).toBe(COMPANY)
    expect(certificate.fingerprint256).toMatch(
      /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/,
    )
  })

  it('is refused when its root is not trusted or it is not over the given original', async () => {
    const stranger = createBuiltinSigningProvider(path.join(folder, 'other'))
    const strangerRoots = await stranger.trustedRoots()
    const roots = await provider.trustedRoots()
    expect(() =>
      verifySignedPdf(signed, { trustedRoots: [], original }),
    ).toThrow('签章证书不是受信任的签章机构签发的')
    expect(() =>
      verifySignedPdf(signed, {
        trustedRoots: strangerRoots,
      }),
    ).toThrow('签章证书不是受信任的签章机构签发的')
    const other = Buffer.from(original)
    other.writeUInt8(other.readUInt8(other.length - 20) ^ 1, other.length - 20)
    expect(() =>
      verifySignedPdf(signed, {
        trustedRoots: roots,
        original: other,
      }),
    ).toThrow('签章文件与原文件不一致')
  })

  describe('a changed copy fails pdfsig and the portal’s check', () => {
    const tamper = (change: (bytes: Buffer) => Buffer) =>
      change(Buffer.from(signed))
    const cases: [string, (bytes: Buffer) => Buffer, string][] = [
      [
        'one byte flipped inside the signed range',
        (bytes) => {
          // a byte of the first page's compressed content stream
          const at = bytes.indexOf('stream\n') + 40
          bytes.writeUInt8(bytes.readUInt8(at) ^ 1, at)
          return bytes
        },
        'Signature Validation: Digest Mismatch.',
      ],
      [
        'the document text altered',
        (bytes) => {
          const at = bytes.indexOf('/Lang (zh-CN)')
          bytes.write('/Lang (en-US)', at, 'latin1')
          return bytes
        },
        'Signature Validation: Digest Mismatch.',
      ],
      [
        'content appended after signing',
        (bytes) =>
          Buffer.concat([bytes, Buffer.from('\n1 0 obj\n(篡改)\nendobj\n')]),
        'Not total document signed',
      ],
    ]
    it.each(cases)('%s', async (_name, change, verdict) => {
      const changed = tamper(change)
      const report = await pdfsig(folder, changed, 'tampered.pdf')
      const roots = await provider.trustedRoots()
      expect(isValidAndUnmodified(report)).toBe(false)
      expect(report).toContain(verdict)
      expect(() =>
        verifySignedPdf(changed, {
          trustedRoots: roots,
        }),
      ).toThrow(/文件在签章后被修改/)
    })
  })

  it('draws a visible seal on the last page: the name, the star and the purpose in red', async () => {
    const doc = await PDFDocument.load(signed)
    const page = doc.getPage(doc.getPageCount() - 1)
    const annots = page.node.lookup(PDFName.of('Annots'), PDFArray)
    const widget = annots.lookup(annots.size() - 1, PDFDict)
    expect(widget.get(PDFName.of('FT'))).toBe(PDFName.of('Sig'))
    const rect = widget.lookup(PDFName.of('Rect'), PDFArray).asRectangle()
    expect(rect.width).toBeGreaterThan(100)
    const appearance = widget
      .lookup(PDFName.of('AP'), PDFDict)
      .lookup(PDFName.of('N'))
    if (!(appearance instanceof PDFRawStream))
      throw new Error('the seal has no appearance stream')
    const operators = Buffer.from(
      decodePDFRawStream(appearance).decode(),
    ).toString('latin1')
    expect(operators).toMatch(/0\.84 0\.09 0\.11 RG/)
    // one showText per character of the name along the arc, plus the purpose line
    expect(operators.match(/ Tj/g)).toHaveLength([...COMPANY].length + 1)
  })
})
