import { createRequire } from 'node:module'

import { type Kysely } from 'kysely'

import {
  type ComplaintApplicationInput,
  type ComplaintFiling,
  ComplaintFilingSchema,
} from '#common/schemas/complaint/complaint-filing.ts'
import { fileComplaint } from '#server/complaints/file-complaint.ts'
import { type Database } from '#server/db/schema.ts'
import { type FileStorage } from '#server/files/file-storage.ts'
import { saveFile } from '#server/files/save-file.ts'
import {
  type CalendarData,
  createWorkingCalendar,
  type WorkingCalendar,
} from '#server/complaints/working-calendar.ts'

// The calendar as an older chinese-days release had it, before the next year's notice.
export function calendarCoveringUpTo(lastYear: number): WorkingCalendar {
  const require = createRequire(import.meta.url)
  const data = require('chinese-days/dist/chinese-days.json') as CalendarData
  const upTo = (days: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(days).filter(
        ([day]) => Number(day.slice(0, 4)) <= lastYear,
      ),
    )
  return createWorkingCalendar({
    holidays: upTo(data.holidays),
    workdays: upTo(data.workdays),
  })
}

// Complaints may only name stored files.
export async function storeTestFile(
  db: Kysely<Database>,
  storage: FileStorage,
  name = '证据材料.pdf',
): Promise<string> {
  const saved = await saveFile(db, storage, {
    name,
    mime: 'application/pdf',
    bytes: new TextEncoder().encode(`%PDF-1.4 ${name} ${Math.random()}`),
  })
  return saved.id
}

export async function validFiling(
  db: Kysely<Database>,
  storage: FileStorage,
): Promise<Omit<ComplaintApplicationInput, 'smsCode' | 'clientKey'>> {
  const [formFileId, evidence, objectionFile] = await Promise.all([
    storeTestFile(db, storage, '投诉书.pdf'),
    storeTestFile(db, storage, '证据一.pdf'),
    storeTestFile(db, storage, '异议书.pdf'),
  ])
  return {
    project: {
      id: 'P-2026-0031',
      name: '塔里木河干流防洪治理工程（阿拉尔段）施工',
      code: 'XJSL-2026-0031',
    },
    complainant: {
      type: 'legal_person',
      role: 'bidder',
      name: '新疆天山水利建设有限公司',
      idNumber: '91650100MA77XF1234',
      legalRepresentative: '王建国',
      address: '乌鲁木齐市天山区解放北路88号',
    },
    contact: { name: '李明', phone: '13899887766', email: '' },
    respondents: [
      { role: 'tenderer', name: '阿拉尔市水利局', address: '阿拉尔市' },
      { role: 'committee', name: '本项目评标委员会' },
    ],
    complaintType: 'evaluation_result',
    objection: {
      objectionDate: '2026-11-10',
      replyStatus: 'replied',
      replyDate: '2026-11-13',
      replySummary: '招标人维持原评标结果',
      fileIds: [objectionFile],
    },
    factsHtml:
      '<p>评标委员会对我公司投标文件中的<strong>类似工程业绩</strong>未予认定，但该业绩已附合同及验收证书。</p>',
    requests: '请求责令重新评审我公司类似工程业绩并依法处理。',
    evidenceFileIds: [evidence],
    formFileId,
  }
}

export async function validatedFiling(
  db: Kysely<Database>,
  storage: FileStorage,
): Promise<ComplaintFiling> {
  return ComplaintFilingSchema.parse(await validFiling(db, storage))
}

export async function fileTestComplaint(
  db: Kysely<Database>,
  storage: FileStorage,
  now: () => Date,
) {
  return fileComplaint(db, { now }, await validatedFiling(db, storage))
}
