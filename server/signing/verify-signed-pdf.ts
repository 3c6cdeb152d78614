import { createHash, verify, X509Certificate } from 'node:crypto'

import forge from 'node-forge'

import { OID } from './cades-signer.ts'
import { certificateInfoOf } from './builtin-ca.ts'
import type { CertificateInfo } from './signing-provider.ts'
import { Refusal } from '#server/shared/refusal.ts'

const { asn1 } = forge

const reject = (reason: string): never => {
  throw new Refusal(400, `签章文件校验失败：${reason}`)
}

type Asn1 = forge.asn1.Asn1
const children = (node: Asn1 | undefined): Asn1[] =>
  Array.isArray(node?.value) ? node.value : reject('签名数据格式错误')
const oidOf = (node: Asn1 | undefined) =>
  asn1.derToOid(typeof node?.value === 'string' ? node.value : '')
const derOf = (node: Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary')

function lastSignature(pdf: Buffer) {
  const at = pdf.lastIndexOf('/ByteRange')
  if (at < 0) reject('文件没有电子签章')
  const text = pdf.subarray(at, at + 120).toString('latin1')
  const match = /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(
    text,
  )
  if (!match) reject('签章的字节范围无效')
  const [a, b, c, d] = match!.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
  ]
  // The range must start at 0, leave out only the signature's hex string, and end at the end:
  // nothing may follow the signed revision.
  if (a !== 0 || b >= c || c + d !== pdf.length)
    reject('签章未覆盖整个文件，文件在签章后被修改')
  const hex = pdf.subarray(b, c).toString('latin1')
  if (!/^<[0-9a-fA-F]+>$/.test(hex)) reject('签章的字节范围无效')
  const signed = Buffer.concat([pdf.subarray(0, b), pdf.subarray(c, c + d)])
  return { signed, der: Buffer.from(hex.slice(1, -1), 'hex') }
}

function parseCms(der: Buffer) {
  let root: Asn1
  try {
    // The hex string is zero-padded after the DER: parse one value and ignore the rest.
    root = asn1.fromDer(forge.util.createBuffer(der.toString('binary')), {
      parseAllBytes: false,
    } as unknown as boolean)
  } catch {
    return reject('签名数据格式错误')
  }
  const [type, content] = children(root)
  if (oidOf(type) !== OID.signedData) reject('签名数据格式错误')
  const signedData = children(children(content)[0])
  const certificates = signedData
    .filter(
      (node) =>
        node.tagClass === asn1.Class.CONTEXT_SPECIFIC && node.type === 0,
    )
    .flatMap((node) => children(node))
    .map((node) => new X509Certificate(derOf(node)))
  const signerInfo = children(children(signedData.at(-1))[0])
  const sid = children(signerInfo[1])
  const serial = Buffer.from(String(sid[1]?.value), 'binary').toString('hex')
  const attributes = signerInfo.find(
    (node) => node.tagClass === asn1.Class.CONTEXT_SPECIFIC && node.type === 0,
  )
  if (!attributes) reject('签名缺少签名属性')
  const signature = signerInfo.at(-1)?.value
  if (typeof signature !== 'string') reject('签名数据格式错误')
  return {
    certificates,
    serial,
    attributes: attributes!,
    signature: String(signature),
  }
}

type VerifiedSignature = { certificate: CertificateInfo }

export function verifySignedPdf(
  pdf: Uint8Array,
  options: { trustedRoots: string[]; original?: Uint8Array; now?: Date },
): VerifiedSignature {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength)
  if (options.original) {
    const original = Buffer.from(options.original)
    if (
      bytes.length <= original.length ||
      !bytes.subarray(0, original.length).equals(original)
    )
      reject('签章文件与原文件不一致')
  }
  const { signed, der } = lastSignature(bytes)
  const cms = parseCms(der)
  const signer = cms.certificates.find(
    (cert) =>
      cert.serialNumber.toLowerCase() === cms.serial.replace(/^(00)+/, ''),
  )
  if (!signer) reject('签名缺少签章证书')
  const digest = children(cms.attributes)
    .map((attribute) => children(attribute))
    .find(([type]) => oidOf(type) === OID.messageDigest)?.[1]
  const expected = createHash('sha256').update(signed).digest()
  if (
    Buffer.from(String(children(digest)[0]?.value), 'binary').compare(
      expected,
    ) !== 0
  )
    reject('文件内容与签章不符，文件在签章后被修改')
  // RFC 5652 5.4: the signature is over the attributes as a SET OF, not as [0] IMPLICIT.
  const attributesDer = derOf(cms.attributes)
  attributesDer[0] = 0x31
  if (
    !verify(
      'sha256',
      attributesDer,
      signer!.publicKey,
      Buffer.from(cms.signature, 'binary'),
    )
  )
    reject('签名值校验失败')
  const now = options.now ?? new Date()
  const root = options.trustedRoots
    .map((pem) => new X509Certificate(pem))
    .find(
      (candidate) =>
        signer!.checkIssued(candidate) && signer!.verify(candidate.publicKey),
    )
  if (!root) reject('签章证书不是受信任的签章机构签发的')
  if (now < new Date(signer!.validFrom) || now > new Date(signer!.validTo))
    reject('签章证书不在有效期内')
  return { certificate: certificateInfoOf(signer!.toString()) }
}
