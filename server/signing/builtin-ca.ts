import {
  createPrivateKey,
  generateKeyPair as generateKeyPairCallback,
  type KeyObject,
  randomBytes,
  X509Certificate,
} from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'

import forge from 'node-forge'

import { PLATFORM_NAME } from '#common/constants/site.ts'
import type { Signer } from '#common/schemas/signing.ts'

import type { CertificateInfo } from './signing-provider.ts'

const generateKeyPair = promisify(generateKeyPairCallback)

export type CertificateAuthority = {
  key: KeyObject
  certificatePem: string
  certificate: X509Certificate
}

type IssuedCertificate = {
  key: KeyObject
  certificatePem: string
  info: CertificateInfo
}

const ROOT_NAME = `${PLATFORM_NAME}电子签章根证书`
const YEAR_MS = 365 * 24 * 3600 * 1000

// Names are Chinese: UTF8String, not forge's default PrintableString (RFC 5280 4.1.2.4).
const utf8 = (shortName: string, value: string) => ({
  shortName,
  value,
  valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
})

// RFC 5280 4.1.2.2: positive, unique per issuer, at most 20 octets.
function newSerial(): string {
  const bytes = randomBytes(16)
  bytes[0] = (bytes[0]! & 0x7f) | 0x10
  return bytes.toString('hex')
}

async function newRsaKey() {
  const { privateKey } = await generateKeyPair('rsa', { modulusLength: 2048 })
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()
  const forgeKey = forge.pki.privateKeyFromPem(pem)
  return {
    key: privateKey,
    forgeKey,
    forgePublic: forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e),
  }
}

function toInfo(pem: string): CertificateInfo {
  const x509 = new X509Certificate(pem)
  const cn = (dn: string) => /(?:^|\n)CN=(.*)/.exec(dn)?.[1] ?? dn
  // X.520 serialNumber (2.5.4.5) of the subject: the holder's credit code or ID card number.
  const idNumber = /(?:^|\n)serialNumber=(.*)/i.exec(x509.subject)?.[1]
  return {
    subjectName: cn(x509.subject),
    ...(idNumber ? { subjectIdNumber: idNumber } : {}),
    subjectKind: /(?:^|\n)O=/.test(x509.subject) ? 'organisation' : 'person',
    issuerName: cn(x509.issuer),
    serialNumber: x509.serialNumber.toLowerCase(),
    fingerprint256: x509.fingerprint256,
    validFrom: new Date(x509.validFrom),
    validTo: new Date(x509.validTo),
    pem,
  }
}

async function createRoot(): Promise<{ keyPem: string; certPem: string }> {
  const { forgeKey, forgePublic } = await newRsaKey()
  const cert = forge.pki.createCertificate()
  cert.publicKey = forgePublic
  cert.serialNumber = newSerial()
  const now = Date.now()
  cert.validity.notBefore = new Date(now - 3600_000)
  cert.validity.notAfter = new Date(now + 20 * YEAR_MS)
  const name = [utf8('CN', ROOT_NAME), utf8('O', PLATFORM_NAME)]
  cert.setSubject(name)
  cert.setIssuer(name)
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ])
  cert.sign(forgeKey, forge.md.sha256.create())
  return {
    keyPem: forge.pki.privateKeyToPem(forgeKey),
    certPem: forge.pki.certificateToPem(cert),
  }
}

// Tests and several processes share one root by sharing DATA_DIR.
export async function loadOrCreateCertificateAuthority(
  dataDir: string,
): Promise<CertificateAuthority> {
  const folder = path.join(dataDir, 'signing')
  const keyFile = path.join(folder, 'root-ca-key.pem')
  const certFile = path.join(folder, 'root-ca-cert.pem')
  if (!existsSync(keyFile) || !existsSync(certFile)) {
    const { keyPem, certPem } = await createRoot()
    await mkdir(folder, { recursive: true })
    // Certificate last: a reader that finds it finds the key too.
    await writeFile(keyFile, keyPem, { mode: 0o600 })
    await chmod(keyFile, 0o600)
    await writeFile(certFile, certPem)
  }
  const certificatePem = await readFile(certFile, 'utf8')
  return {
    key: createPrivateKey(await readFile(keyFile, 'utf8')),
    certificatePem,
    certificate: new X509Certificate(certificatePem),
  }
}

// The key lives only for this sealing; the certificate travels inside the signature.
export async function issueSignerCertificate(
  ca: CertificateAuthority,
  signer: Signer,
  now = new Date(),
): Promise<IssuedCertificate> {
  const { key, forgePublic } = await newRsaKey()
  const root = forge.pki.certificateFromPem(ca.certificatePem)
  const cert = forge.pki.createCertificate()
  cert.publicKey = forgePublic
  cert.serialNumber = newSerial()
  cert.validity.notBefore = new Date(now.getTime() - 600_000)
  cert.validity.notAfter = new Date(now.getTime() + YEAR_MS)
  cert.setSubject([
    utf8('CN', signer.name),
    ...(signer.kind === 'organisation' ? [utf8('O', signer.name)] : []),
    // The identity number, where the holder has one, as CAs in China name the subject.
    ...(signer.idNumber ? [{ type: '2.5.4.5', value: signer.idNumber }] : []),
    { shortName: 'C', value: 'CN' },
  ])
  // forge reads UTF8String values as raw bytes and would encode them again: decode first.
  cert.setIssuer(
    root.subject.attributes.map((attribute) =>
      attribute.valueTagClass === (forge.asn1.Type.UTF8 as unknown)
        ? {
            ...attribute,
            value: forge.util.decodeUtf8(String(attribute.value)),
          }
        : attribute,
    ),
  )
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    {
      name: 'keyUsage',
      digitalSignature: true,
      nonRepudiation: true,
      critical: true,
    },
    { name: 'subjectKeyIdentifier' },
    {
      name: 'authorityKeyIdentifier',
      keyIdentifier: root.generateSubjectKeyIdentifier().getBytes(),
    },
  ])
  const caKeyPem = ca.key.export({ type: 'pkcs1', format: 'pem' }).toString()
  cert.sign(forge.pki.privateKeyFromPem(caKeyPem), forge.md.sha256.create())
  const certificatePem = forge.pki.certificateToPem(cert)
  return { key, certificatePem, info: toInfo(certificatePem) }
}

export { toInfo as certificateInfoOf }
