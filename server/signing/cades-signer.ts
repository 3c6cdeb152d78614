import { createHash, type KeyObject, sign, X509Certificate } from 'node:crypto'

import { Signer } from '@signpdf/utils'
import forge from 'node-forge'

const { asn1 } = forge
const U = asn1.Class.UNIVERSAL
const T = asn1.Type

// OIDs of RFC 5652 (CMS), RFC 5035 (ESS signing-certificate-v2) and RFC 4055.
export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
}

const seq = (value: forge.asn1.Asn1[]) =>
  asn1.create(U, T.SEQUENCE, true, value)
const set = (value: forge.asn1.Asn1[]) => asn1.create(U, T.SET, true, value)
const oid = (id: string) =>
  asn1.create(U, T.OID, false, asn1.oidToDer(id).getBytes())
const octets = (bytes: Buffer) =>
  asn1.create(U, T.OCTETSTRING, false, bytes.toString('binary'))
const integer = (n: number) =>
  asn1.create(U, T.INTEGER, false, asn1.integerToDer(n).getBytes())
const algorithm = (id: string) =>
  seq([oid(id), asn1.create(U, T.NULL, false, '')])
const attribute = (type: string, value: forge.asn1.Asn1) =>
  seq([oid(type), set([value])])
const fromDer = (der: Buffer) => asn1.fromDer(der.toString('binary'))
const toDer = (node: forge.asn1.Asn1) =>
  Buffer.from(asn1.toDer(node).getBytes(), 'binary')

// Built here because node-forge's PKCS#7 writer cannot carry signing-certificate-v2. No
// signing-time: PAdES puts the time in /M.
export class CadesSigner extends Signer {
  readonly #key: KeyObject
  readonly #chain: Buffer[]

  // chain: the signer's certificate first, then its issuers, as PEM.
  constructor(key: KeyObject, chainPem: string[]) {
    super()
    this.#key = key
    this.#chain = chainPem.map((pem) =>
      Buffer.from(new X509Certificate(pem).raw),
    )
  }

  override async sign(content: Buffer): Promise<Buffer> {
    const signerCert = this.#chain[0]!
    const tbs = fromDer(signerCert).value[0] as forge.asn1.Asn1
    const fields = tbs.value as forge.asn1.Asn1[]
    // tbsCertificate: [0] version, serialNumber, signature, issuer, ...
    const [serial, issuer] = [fields[1]!, fields[3]!]
    const certHash = createHash('sha256').update(signerCert).digest()
    const attributes = [
      attribute(OID.contentType, oid(OID.data)),
      attribute(
        OID.messageDigest,
        octets(createHash('sha256').update(content).digest()),
      ),
      // ESSCertIDv2 with the default hash algorithm (SHA-256) left out, as DER requires.
      attribute(
        OID.signingCertificateV2,
        seq([seq([seq([octets(certHash)])])]),
      ),
    ]
    // RFC 5652 5.4: the signature covers the attributes DER-encoded as a SET OF.
    const signature = sign('sha256', toDer(set(attributes)), this.#key)
    const signerInfo = seq([
      integer(1),
      seq([issuer, serial]),
      algorithm(OID.sha256),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, attributes),
      algorithm(OID.sha256WithRsa),
      octets(signature),
    ])
    const signedData = seq([
      integer(1),
      set([algorithm(OID.sha256)]),
      seq([oid(OID.data)]),
      asn1.create(
        asn1.Class.CONTEXT_SPECIFIC,
        0,
        true,
        this.#chain.map(fromDer),
      ),
      set([signerInfo]),
    ])
    return toDer(
      seq([
        oid(OID.signedData),
        asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData]),
      ]),
    )
  }
}
