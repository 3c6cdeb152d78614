import type { Signer } from '#common/schemas/signing.ts'

import type { CertificateAuthority } from './builtin-ca.ts'
import type { SealOptions, SigningProvider } from './signing-provider.ts'

// node-forge, pdf-lib and fontkit: some 50 MB that a process serving only pages never needs.
const sealing = () =>
  Promise.all([
    import('./builtin-ca.ts'),
    import('./cades-signer.ts'),
    import('./seal-pdf.ts'),
    import('#server/files/cjk-font.ts'),
  ]).then(([ca, cades, seal, font]) => ({ ...ca, ...cades, ...seal, ...font }))

// Its root is trusted by the portal, not by PDF readers (docs/decisions/0014).
export function createBuiltinSigningProvider(dataDir: string): SigningProvider {
  // Loaded on first use: building the app (every API test does) need not create a root.
  let authority: Promise<CertificateAuthority> | undefined
  const loadCa = () =>
    (authority ??= sealing().then(({ loadOrCreateCertificateAuthority }) =>
      loadOrCreateCertificateAuthority(dataDir),
    ))
  let font: Promise<Uint8Array> | undefined
  return {
    id: 'builtin',
    async sealPdf(pdf: Uint8Array, signer: Signer, options: SealOptions) {
      const signedAt = options.signedAt ?? new Date()
      const {
        issueSignerCertificate,
        CadesSigner,
        sealPdfWithSigner,
        cjkFontBytes,
      } = await sealing()
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
