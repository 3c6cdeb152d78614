import {
  PDFCrossRefStream,
  type PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRef,
} from 'pdf-lib'

type ObjectSnapshot = Map<string, Buffer>

function bytesOf(object: PDFObject): Buffer {
  const buffer = Buffer.alloc(object.sizeInBytes())
  object.copyBytesInto(buffer, 0)
  return buffer
}

// Moves the next object number past the original's /Size: pdf-lib forgets the numbers of object
// streams and cross-reference streams, and a new object must never reuse one.
export function snapshotObjects(
  doc: PDFDocument,
  original: Uint8Array,
): ObjectSnapshot {
  const head = Buffer.from(
    original.buffer,
    original.byteOffset,
    original.byteLength,
  )
  const prev = lastStartXref(head)
  const size = /\/Size\s+(\d+)/.exec(
    head.subarray(prev, prev + 4096).toString('latin1'),
  )?.[1]
  if (size !== undefined)
    doc.context.largestObjectNumber = Math.max(
      doc.context.largestObjectNumber,
      Number(size) - 1,
    )
  const snapshot: ObjectSnapshot = new Map()
  for (const [ref, object] of doc.context.enumerateIndirectObjects())
    snapshot.set(ref.tag, bytesOf(object))
  return snapshot
}

function lastStartXref(original: Buffer): number {
  const tail = original
    .subarray(Math.max(0, original.length - 1024))
    .toString('latin1')
  const matches = [...tail.matchAll(/startxref\s+(\d+)/g)]
  const offset = matches.at(-1)?.[1]
  if (offset === undefined) throw new Error('PDF 缺少 startxref')
  return Number(offset)
}

// ISO 32000-1 7.5.6: the original stays byte for byte the first revision, which a signature over
// the original is checked against.
export async function appendIncrementalUpdate(
  original: Uint8Array,
  doc: PDFDocument,
  snapshot: ObjectSnapshot,
): Promise<Buffer> {
  await doc.flush()
  const head = Buffer.from(original)
  const prev = lastStartXref(head)
  const usesXrefStream = !head
    .subarray(prev, prev + 4)
    .toString('latin1')
    .startsWith('xref')
  const parts: Buffer[] = [head]
  let offset = head.length
  const push = (bytes: Buffer) => {
    parts.push(bytes)
    offset += bytes.length
  }
  if (head.at(-1) !== 0x0a && head.at(-1) !== 0x0d) push(Buffer.from('\n'))

  const written: { ref: PDFRef; offset: number }[] = []
  const writeObject = (ref: PDFRef, object: PDFObject) => {
    written.push({ ref, offset })
    push(Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`))
    push(bytesOf(object))
    push(Buffer.from('\nendobj\n'))
  }
  const changed = doc.context
    .enumerateIndirectObjects()
    .filter(([ref, object]) => !snapshot.get(ref.tag)?.equals(bytesOf(object)))
  for (const [ref, object] of changed) writeObject(ref, object)

  const { Root, Info, ID } = doc.context.trailerInfo
  const xrefOffset = offset
  if (usesXrefStream) {
    const ref = PDFRef.of(doc.context.largestObjectNumber + 1)
    const dict = doc.context.obj({
      Type: 'XRef',
      Size: ref.objectNumber + 1,
      Root: Root ?? null,
      Prev: PDFNumber.of(prev),
    })
    if (Info) dict.set(PDFName.of('Info'), Info)
    if (ID) dict.set(PDFName.of('ID'), ID)
    const stream = PDFCrossRefStream.create(dict, false)
    for (const entry of written)
      stream.addUncompressedEntry(entry.ref, entry.offset)
    stream.addUncompressedEntry(ref, xrefOffset)
    writeObject(ref, stream)
  } else {
    const rows = [...written].sort(
      (a, b) => a.ref.objectNumber - b.ref.objectNumber,
    )
    let table = 'xref\n'
    for (const row of rows) {
      table += `${row.ref.objectNumber} 1\n`
      table += `${String(row.offset).padStart(10, '0')} ${String(row.ref.generationNumber).padStart(5, '0')} n\r\n`
    }
    const trailer = doc.context.obj({
      Size: doc.context.largestObjectNumber + 1,
      Root: Root ?? null,
      Prev: PDFNumber.of(prev),
    })
    if (Info) trailer.set(PDFName.of('Info'), Info)
    if (ID) trailer.set(PDFName.of('ID'), ID)
    push(Buffer.from(table + 'trailer\n'))
    push(bytesOf(trailer))
  }
  push(Buffer.from(`\nstartxref\n${xrefOffset}\n%%EOF\n`))
  return Buffer.concat(parts)
}
