import type {
  SealHolder,
  SealPurpose,
  Signer,
} from '#common/schemas/signing.ts'

export type CertificateInfo = {
  subjectName: string
  /** 统一社会信用代码 or 居民身份证号码, when the certificate names one (serialNumber, 2.5.4.5). */
  subjectIdNumber?: string
  subjectKind: 'organisation' | 'person'
  issuerName: string
  /** Hex, as the certificate carries it. */
  serialNumber: string
  /** SHA-256 of the DER certificate, colon-separated hex (node:crypto's X509Certificate form). */
  fingerprint256: string
  validFrom: Date
  validTo: Date
  pem: string
}

export type SealOptions = {
  purpose: SealPurpose
  reason?: string
  signedAt?: Date
}

export type SealResult = { bytes: Uint8Array; certificate: CertificateInfo }

/**
 * A provider must return a PDF that keeps the original bytes as its first revision and appends
 * one PAdES (ETSI.CAdES.detached) signature with a visible seal on the last page, and name the
 * roots its signer certificates chain to: the portal verifies every file handed back against them.
 */
export interface SigningProvider {
  readonly id: string
  sealPdf(
    pdf: Uint8Array,
    signer: Signer,
    options: SealOptions,
  ): Promise<SealResult>
  /**
   * The CA's own signing page for a session, when the CA signs on its site; it hands the file
   * back to callbackPath (multipart: token, file). Without it the built-in page /ca/sign is used.
   */
  signingPageUrl?(session: {
    token: string
    fileUrl: string
    fileName: string
    callbackPath: string
    /** Whom to seal for; a file handed back sealed by anyone else is refused. */
    holder: SealHolder
    /** Same-tab signing: the path of the portal the CA's page leads back to. */
    returnPath?: string
  }): string
  trustedRoots(): Promise<string[]>
}
