import ExcelJS from 'exceljs'

import type { ComplaintFigures } from '#common/schemas/complaint/complaint-figures.ts'

import { FIGURE_COLUMNS } from './figures-workbook.ts'

// The public figures as one CSV table (exceljs writes it): the period rows, then the complaint
// types, each with the breakdown it belongs to, the totals last. A byte-order mark first, so
// that spreadsheet programs read the Chinese as UTF-8.
export async function figuresCsv(figures: ComplaintFigures): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('投诉处理情况')
  const period = figures.period === 'month' ? '按月' : '按季度'
  sheet.addRow(['统计方式', '分组', ...FIGURE_COLUMNS.map((c) => c.header)])
  const add = (way: string, rows: ComplaintFigures['byPeriod']) => {
    for (const r of rows)
      sheet.addRow([way, r.label, ...FIGURE_COLUMNS.map((c) => c.value(r))])
  }
  add(period, figures.byPeriod)
  add('按投诉类型', figures.byType)
  add('全年', [figures.total])
  const csv = Buffer.from(await book.csv.writeBuffer())
  return Buffer.concat([Buffer.from('\uFEFF', 'utf8'), csv])
}
