import ExcelJS from 'exceljs'

import { PLATFORM_NAME } from '#common/constants/site.ts'
import type {
  ComplaintFigureRow,
  StaffComplaintFigures,
} from '#common/schemas/complaint/complaint-figures.ts'

// The console's figures as a spreadsheet (exceljs): one sheet per breakdown, the same columns
// and words as the page, numbers as numbers.
export const FIGURE_COLUMNS: {
  header: string
  value: (row: ComplaintFigureRow) => number | string | null
  width: number
}[] = [
  { header: '收到', value: (r) => r.received, width: 8 },
  { header: '受理', value: (r) => r.accepted, width: 8 },
  { header: '不予受理', value: (r) => r.refused, width: 10 },
  { header: '撤回', value: (r) => r.withdrawn, width: 8 },
  { header: '移交', value: (r) => r.transferred, width: 8 },
  { header: '已作出处理决定', value: (r) => r.decided, width: 14 },
  { header: '办理中', value: (r) => r.open, width: 8 },
  { header: '按期作出受理决定', value: (r) => r.acceptanceOnTime, width: 16 },
  { header: '按期作出处理决定', value: (r) => r.decisionOnTime, width: 16 },
  {
    header: '按期处理率',
    value: (r) => r.decisionOnTimeShare,
    width: 11,
  },
  {
    header: '受理平均用时（工作日）',
    value: (r) => r.acceptanceDays.mean,
    width: 20,
  },
  {
    header: '受理最长用时（工作日）',
    value: (r) => r.acceptanceDays.longest,
    width: 20,
  },
  {
    header: '处理平均用时（工作日）',
    value: (r) => r.decisionDays.mean,
    width: 20,
  },
  {
    header: '处理最长用时（工作日）',
    value: (r) => r.decisionDays.longest,
    width: 20,
  },
]

function addSheet(
  book: ExcelJS.Workbook,
  name: string,
  groupHeader: string,
  rows: ComplaintFigureRow[],
) {
  const sheet = book.addWorksheet(name)
  sheet.columns = [
    { header: groupHeader, key: 'label', width: 18 },
    ...FIGURE_COLUMNS.map((c, i) => ({
      header: c.header,
      key: `c${i}`,
      width: c.width,
    })),
  ]
  sheet.getRow(1).font = { bold: true }
  for (const r of rows)
    sheet.addRow([r.label, ...FIGURE_COLUMNS.map((c) => c.value(r))])
  sheet.getColumn(
    FIGURE_COLUMNS.findIndex((c) => c.header === '按期处理率') + 2,
  ).numFmt = '0.0%'
  sheet.views = [{ state: 'frozen', ySplit: 1 }]
}

export async function figuresWorkbook(
  figures: StaffComplaintFigures,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  book.creator = PLATFORM_NAME
  const unit = figures.period === 'month' ? '按月' : '按季度'
  addSheet(book, unit, '收到投诉的时间', [...figures.byPeriod, figures.total])
  addSheet(book, '按投诉类型', '投诉类型', [...figures.byType, figures.total])
  addSheet(book, '按承办人', '承办人', [...figures.byAssignee, figures.total])
  return Buffer.from(await book.xlsx.writeBuffer())
}
