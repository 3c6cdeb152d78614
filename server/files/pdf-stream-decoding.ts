import { promisify } from 'node:util'
import { constants, inflate, inflateRaw } from 'node:zlib'

import {
  decodePDFRawStream,
  PDFArray,
  PDFContext,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
} from 'pdf-lib'

export const nameOf = (value: unknown) =>
  value instanceof PDFName ? value.decodeText() : undefined

/** A direct /Length, or one given as a reference to an object holding only a number. */
function streamLength(dict: PDFDict, text: string): number | undefined {
  const length = dict.get(PDFName.of('Length'))
  if (length instanceof PDFNumber) return length.asNumber()
  if (!(length instanceof PDFRef)) return undefined
  const pattern = new RegExp(
    `(?:^|[^0-9])${length.objectNumber}[\\0\\t\\n\\f\\r ]+${length.generationNumber}[\\0\\t\\n\\f\\r ]*obj[\\0\\t\\n\\f\\r ]*(\\d+)`,
    'g',
  )
  const last = [...text.matchAll(pattern)].at(-1)
  return last ? Number(last[1]) : undefined
}

// Up to the first `endstream` when /Length is wrong, as readers do.
export function streamData(
  bytes: Uint8Array,
  text: string,
  dict: PDFDict,
  dataStart: number,
): Uint8Array {
  const length = streamLength(dict, text)
  if (length !== undefined && length >= 0) {
    const after = text.slice(dataStart + length, dataStart + length + 12)
    if (/^[\0\t\n\f\r ]*endstream/.test(after))
      return bytes.subarray(dataStart, dataStart + length)
  }
  const endstream = text.indexOf('endstream', dataStart)
  return bytes.subarray(dataStart, endstream < 0 ? bytes.length : endstream)
}

const FILTER_ALIASES: Record<string, string> = {
  Fl: 'FlateDecode',
  AHx: 'ASCIIHexDecode',
  A85: 'ASCII85Decode',
  LZW: 'LZWDecode',
  RL: 'RunLengthDecode',
}

async function inflateCapped(data: Uint8Array, limit: number) {
  const options = {
    maxOutputLength: limit,
    finishFlush: constants.Z_SYNC_FLUSH,
  }
  try {
    return await promisify(inflate)(data, options)
  } catch {
    return promisify(inflateRaw)(data, options)
  }
}

// null also for a predictor (never used on object streams by any writer) and a filter given by
// reference.
export async function decodeData(
  dict: PDFDict,
  data: Uint8Array,
  limit: number,
): Promise<Uint8Array | null> {
  const filter = dict.get(PDFName.of('Filter'))
  const filters =
    filter === undefined
      ? []
      : filter instanceof PDFArray
        ? filter.asArray().map(nameOf)
        : [nameOf(filter)]
  const parms = dict.get(PDFName.of('DecodeParms'))
  if (
    parms instanceof PDFRef ||
    (parms !== undefined && /\/Predictor\s+([2-9]|\d\d)/.test(parms.toString()))
  )
    return null
  let current = data
  for (const raw of filters) {
    const name = raw === undefined ? undefined : (FILTER_ALIASES[raw] ?? raw)
    if (name === 'FlateDecode') {
      current = await inflateCapped(current, limit)
      continue
    }
    if (
      name !== 'ASCIIHexDecode' &&
      name !== 'ASCII85Decode' &&
      name !== 'LZWDecode' &&
      name !== 'RunLengthDecode'
    )
      return null
    const context = PDFContext.create()
    const decoded = decodePDFRawStream(
      PDFRawStream.of(context.obj({ Filter: name }), current),
    ).getBytes(limit + 1)
    if (decoded.length > limit) return null
    current = Uint8Array.from(decoded)
  }
  return current
}
