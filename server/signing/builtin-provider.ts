import { type Signer } from '#common/schemas/signing.ts'
import { cjkFontBytes } from '#server/files/cjk-font.ts'

import {
  issueSignerCertificate,
  loadOrCreateCertificateAuthority,
} from './builtin-ca.ts'
import { CadesSigner } from './cades-signer.ts'
import { sealPdfWithSigner } from './seal-pdf.ts'
import { type SealOptions, type SigningProvider } from './signing-provider.ts'

/**
 * The embedded default (SIGNING_PROVIDER=builtin): a certificate authority of the portal's own
 * in DATA_DIR/signing issues each signer a certificate and seals with it. Its root is trusted by
 * the portal, not by PDF readers: see docs/decisions.md, "Built-in electronic seal".
 */
export function createBuiltinSigningProvider(dataDir: string): SigningProvider {
  // Loaded on first use: building the app (every API test does) need not create a root.
  let authority: ReturnType<typeof loadOrCreateCertificateAuthority> | undefined
  const loadCa = () => (authority ??= loadOrCreateCertificateAuthority(dataDir))
  let font: Promise<Uint8Array> | undefined
  return {
    id: 'builtin',
    async sealPdf(pdf: Uint8Array, signer: Signer, options: SealOptions) {
      const signedAt = options.signedAt ?? new Date()
      const ca = await loadCa()
      const issued = await issueSignerCertificate(ca, signer, signedAt)
      font ??= cjkFontBytes()
      const bytes = await sealPdfWithSigner(
        pdf,
        {
          name: signer.name,
          purpose: options.purpose,
          reason: options.reason ?? options.purpose,
          signedAt,
          fontBytes: await font,
        },
        new CadesSigner(issued.key, [issued.certificatePem, ca.certificatePem]),
      )
      return { bytes, certificate: issued.info }
    },
    trustedRoots: async () => [(await loadCa()).certificatePem],
  }
}
