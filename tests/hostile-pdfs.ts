import { PDFDocument, PDFName, PDFString } from 'pdf-lib'

export function handWrittenPdf(objects: string[], trailerExtra = ''): Buffer {
  let body = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets)
    body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

export const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>'
export const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'
export const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>'

export async function pdfWithOpeningScript(): Promise<Buffer> {
  const pdf = await PDFDocument.create()
  pdf.addPage([200, 200])
  pdf.catalog.set(
    PDFName.of('OpenAction'),
    pdf.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }),
  )
  return Buffer.from(await pdf.save({ useObjectStreams: true }))
}

export const pdfWithLaunch = () =>
  handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /Launch /Win << /F (cmd.exe) /P (/c calc) >> >> >>',
    PAGES,
    PAGE,
  ])
