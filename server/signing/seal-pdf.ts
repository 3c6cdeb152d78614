import { SignPdf } from '@signpdf/signpdf'
import {
  DEFAULT_BYTE_RANGE_PLACEHOLDER,
  SUBFILTER_ETSI_CADES_DETACHED,
  type Signer,
} from '@signpdf/utils'
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFInvalidObject,
  PDFName,
  PDFNumber,
  PDFString,
} from 'pdf-lib'

import { embedCjkFont } from '#server/files/cjk-font.ts'
import { Refusal } from '#server/shared/refusal.ts'

import {
  appendIncrementalUpdate,
  snapshotObjects,
} from './incremental-update.ts'
import { drawSealAppearance, SEAL_SIZE } from './seal-appearance.ts'

// Room for the CMS signature: signer and root certificates, attributes, an RSA signature.
const SIGNATURE_BYTES = 8192
const MARGIN = 56

type VisibleSeal = {
  name: string
  purpose: string
  reason: string
  signedAt: Date
  fontBytes: Uint8Array
}

async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false })
    if (doc.isEncrypted) throw new Refusal(400, '加密的PDF文件无法签章')
    if (doc.getPageCount() === 0)
      throw new Refusal(400, 'PDF文件没有页面，无法签章')
    return doc
  } catch (error) {
    // A PDF that cannot be sealed is refused with the reason a person can act on.
    if (error instanceof Refusal) throw error
    throw new Refusal(400, '文件不是有效的PDF，无法签章')
  }
}

// The placeholder is written here, not with @signpdf/placeholder-pdf-lib, for a real appearance
// and UTF-16 Chinese in /Name and /Reason.
export async function sealPdfWithSigner(
  original: Uint8Array,
  seal: VisibleSeal,
  signer: Signer,
): Promise<Buffer> {
  const doc = await loadPdf(original)
  const snapshot = snapshotObjects(doc, original)
  const font = await embedCjkFont(doc, seal.fontBytes)
  const appearance = drawSealAppearance(doc, font, seal)
  const page = doc.getPage(doc.getPageCount() - 1)
  const { width } = page.getSize()
  // Lower right, where a seal goes over the signing unit and date of an official document.
  const x = width - MARGIN - SEAL_SIZE
  const rect = [x, MARGIN + 24, x + SEAL_SIZE, MARGIN + 24 + SEAL_SIZE]

  const byteRange = PDFArray.withContext(doc.context)
  byteRange.push(PDFNumber.of(0))
  for (let i = 0; i < 3; i++)
    byteRange.push(PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER))
  // ByteRange before Contents: @signpdf/signpdf looks for /Contents after the ByteRange.
  const signature = doc.context.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: SUBFILTER_ETSI_CADES_DETACHED,
    ByteRange: byteRange,
    Contents: PDFHexString.of('0'.repeat(SIGNATURE_BYTES * 2)),
    Name: PDFHexString.fromText(seal.name),
    Reason: PDFHexString.fromText(seal.reason),
    M: PDFString.fromDate(seal.signedAt),
  })
  // Written as raw bytes so that it can never end up compressed in an object stream.
  const raw = Buffer.alloc(signature.sizeInBytes())
  signature.copyBytesInto(raw, 0)
  const signatureRef = doc.context.register(PDFInvalidObject.of(raw))

  const acroForm = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict)
  const form = acroForm ?? doc.context.obj({ Fields: [] })
  if (!acroForm)
    doc.catalog.set(PDFName.of('AcroForm'), doc.context.register(form))
  const fields =
    form.lookupMaybe(PDFName.of('Fields'), PDFArray) ?? doc.context.obj([])
  form.set(PDFName.of('Fields'), fields)
  // SignaturesExist | AppendOnly (ISO 32000-1 12.7.2, table 219).
  form.set(PDFName.of('SigFlags'), PDFNumber.of(3))
  const widget = doc.context.register(
    doc.context.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      Rect: rect,
      V: signatureRef,
      T: PDFString.of(`Seal${fields.size() + 1}`),
      TU: PDFHexString.fromText(`${seal.name}${seal.purpose}`),
      F: 4,
      P: page.ref,
      AP: { N: appearance },
    }),
  )
  fields.push(widget)
  const annots =
    page.node.lookupMaybe(PDFName.of('Annots'), PDFArray) ?? doc.context.obj([])
  annots.push(widget)
  page.node.set(PDFName.of('Annots'), annots)

  const prepared = await appendIncrementalUpdate(original, doc, snapshot)
  return new SignPdf().sign(prepared, signer)
}
