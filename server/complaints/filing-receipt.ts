import type { Kysely } from 'kysely'

import { isUniqueViolation } from '#server/db/database.ts'
import type { ComplaintRow, Database } from '#server/db/schema.ts'
import { fileUrl } from '#server/files/file-record.ts'
import { findFileById } from '#server/files/file-repository.ts'
import { saveFile } from '#server/files/save-file.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'

import { cnDate, documentLabel } from './complaint-documents.ts'
import {
  findFilingReceipt,
  insertComplaintDocument,
  isFiledOnline,
} from './complaint-repository.ts'
import type { ComplaintDeps } from './complaint-service.ts'

export type FilingReceipt = { fileName: string; url: string }

const KIND = 'receipt_notice'

function receiptParagraphs(
  c: ComplaintRow,
  letter: { name: string; sha256: string },
): string[] {
  const [date, time] = c.submittedAt.split(' ')
  return [
    `你（单位）于${cnDate(c.submittedAt)}通过本平台提交的关于“${c.projectName}”（项目代码：${c.projectCode}）的投诉，本机关已于当日收到。`,
    `投诉编号：${c.complaintNo}`,
    `收到时间：${date} ${time}（北京时间）`,
    `投诉书：${letter.name}（已加盖投诉人电子签章）`,
    `投诉书文件的SHA-256摘要：${letter.sha256}`,
    c.acceptanceDueDate
      ? `本机关将自收到投诉之日起三个工作日内审查决定是否受理，即于${cnDate(c.acceptanceDueDate)}前作出；要求补正材料的，补正期间不计入。`
      : '本机关将自收到投诉之日起三个工作日内审查决定是否受理；要求补正材料的，补正期间不计入。',
    '请妥善保管投诉编号和查询码，凭其在投诉查询页面查看办理进度和送达的文书。',
  ]
}

// The complainant's proof of what was filed and when: issued, sealed, with the filing, and again
// on a later query should that have failed. Complaints not filed online (seeded, imported) have
// no filing to acknowledge.
export async function ensureFilingReceipt(
  db: Kysely<Database>,
  deps: ComplaintDeps,
  c: ComplaintRow,
): Promise<FilingReceipt | null> {
  const issued = await findFilingReceipt(db, c.id)
  if (issued)
    return {
      fileName: issued.fileName,
      url: fileUrl(issued.fileId, issued.fileName),
    }
  if (!(await isFiledOnline(db, c.id))) return null
  const letter = await findFileById(db, c.formFileId)
  if (!letter) return null
  const now = (deps.now ?? (() => new Date()))()
  const today = toShanghaiText(now).slice(0, 10)
  const title = documentLabel(KIND)
  const { renderOfficialDocument } = await import('./complaint-document-pdf.ts')
  let pdf = await renderOfficialDocument({
    title,
    number: `新水监投〔${c.submittedAt.slice(0, 4)}〕${c.complaintNo}号`,
    recipient: c.complainantName,
    paragraphs: receiptParagraphs(c, letter),
    date: today,
  })
  let isSealed = false
  if (deps.sealDocument) {
    pdf = await deps.sealDocument(pdf, title)
    isSealed = true
  }
  const fileName = `${title}（${c.complaintNo}）.pdf`
  try {
    return await storeReceipt(db, deps, c, { fileName, pdf, isSealed, now })
  } catch (error) {
    // Another process issued it meanwhile (one per complaint, migration 0030): that one stands.
    if (!isUniqueViolation(error)) throw error
    const again = await findFilingReceipt(db, c.id)
    if (!again) throw error
    return {
      fileName: again.fileName,
      url: fileUrl(again.fileId, again.fileName),
    }
  }
}

function storeReceipt(
  db: Kysely<Database>,
  deps: ComplaintDeps,
  c: ComplaintRow,
  {
    fileName,
    pdf,
    isSealed,
    now,
  }: { fileName: string; pdf: Uint8Array; isSealed: boolean; now: Date },
): Promise<FilingReceipt> {
  return db.transaction().execute(async (trx) => {
    const saved = await saveFile(
      trx,
      deps.storage,
      { name: fileName, mime: 'application/pdf', bytes: pdf },
      now,
    )
    await insertComplaintDocument(trx, {
      complaintId: c.id,
      kind: KIND,
      fileId: saved.id,
      issuedAt: toShanghaiText(now),
      isSealed: isSealed ? 1 : 0,
      needsReceipt: 0,
      publicFileId: null,
    })
    return { fileName, url: fileUrl(saved.id, fileName) }
  })
}
