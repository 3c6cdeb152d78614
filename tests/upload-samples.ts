import { crc32, gzipSync } from 'node:zlib'

import { Resvg } from '@resvg/resvg-js'
import CFB from 'cfb'
import { Document, Packer, Paragraph } from 'docx'
import { PDFDocument } from 'pdf-lib'

import { type UploadFileType } from '#common/upload-file-types.ts'

// Written by hand, so that tests need no zip library.
export function zipOf(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name)
    const data = Buffer.from(content)
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    locals.push(local, nameBytes, data)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(nameBytes.length, 28)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, nameBytes)
    offset += 30 + nameBytes.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(centrals.length / 2, 8)
  end.writeUInt16LE(centrals.length / 2, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

// As Office writes it (ECMA-376 part 2).
export const contentTypesXml = (part: string, type: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="${part}" ContentType="${type}.main+xml"/></Types>`

function xlsx(): Buffer {
  return zipOf({
    '[Content_Types].xml': contentTypesXml(
      '/xl/workbook.xml',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ),
    'xl/workbook.xml':
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="证据清单" sheetId="1"/></sheets></workbook>',
  })
}

function compoundFile(stream: string): Buffer {
  const cfb = CFB.utils.cfb_new()
  CFB.utils.cfb_add(cfb, `/${stream}`, Buffer.alloc(512, 1))
  return CFB.write(cfb, { type: 'buffer' }) as Buffer
}

function bmp(): Buffer {
  // 1×1, 24 bits: BITMAPFILEHEADER + BITMAPINFOHEADER + one padded row.
  const file = Buffer.alloc(58)
  file.write('BM', 0, 'latin1')
  file.writeUInt32LE(58, 2)
  file.writeUInt32LE(54, 10)
  file.writeUInt32LE(40, 14)
  file.writeInt32LE(1, 18)
  file.writeInt32LE(1, 22)
  file.writeUInt16LE(1, 26)
  file.writeUInt16LE(24, 28)
  file.writeUInt32LE(4, 34)
  return file
}

// The smallest valid GIF and JPEG headers a decoder recognises.
const GIF = Buffer.from(
  'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==',
  'base64',
)
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
)

export function pngImage(): Buffer {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#1677ff"/></svg>'
  return Buffer.from(new Resvg(svg).render().asPng())
}

export async function pdfDocument(): Promise<Buffer> {
  const pdf = await PDFDocument.create()
  pdf.addPage([200, 200])
  return Buffer.from(await pdf.save())
}

async function docx(): Promise<Buffer> {
  const document = new Document({
    sections: [{ children: [new Paragraph('证据材料')] }],
  })
  return Packer.toBuffer(document)
}

// One real file of each type spec §5 allows.
export async function uploadSamples(): Promise<Record<UploadFileType, Buffer>> {
  return {
    jpg: JPEG,
    gif: GIF,
    bmp: bmp(),
    png: pngImage(),
    pdf: await pdfDocument(),
    doc: compoundFile('WordDocument'),
    docx: await docx(),
    zip: zipOf({ '证据/说明.txt': '评标过程记录' }),
    xlsx: xlsx(),
    xls: compoundFile('Workbook'),
    gz: gzipSync(Buffer.from('开标记录')),
  }
}

export function multipartBody(
  parts: {
    field: string
    name?: string
    content: Buffer | string
    type?: string
  }[],
) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    const disposition =
      part.name === undefined
        ? `form-data; name="${part.field}"`
        : `form-data; name="${part.field}"; filename="${part.name}"`
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
          (part.name === undefined
            ? ''
            : `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n`) +
          '\r\n',
      ),
      Buffer.from(part.content),
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    body: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}
