import ExcelJS from 'exceljs'

import { INDICATORS } from '#common/constants/supervision.ts'
import type {
  StatisticsRow,
  SupervisionStatistics,
  WarningCounts,
} from '#common/schemas/supervision-statistics.ts'

// 监督统计 as one CSV table (exceljs writes it): for each quarter and trading category a line of
// its figures with every indicator together, then a line per indicator that raised a warning
// there (the tender columns left empty), the selection's total last. A byte-order mark first,
// so that spreadsheet programs read the Chinese as UTF-8.

const HEADER = [
  '季度',
  '交易类别',
  '预警指标',
  '发布招标项目（个）',
  '平均招标期（日）',
  '计入招标期的招标公告（条）',
  '平均开标投标人（家）',
  '计入投标人的开标记录（份）',
  '预警（条）',
  '处理中',
  '已核实',
  '排除',
  '已消除',
  '建立联动监管记录（条）',
]

const counts = (c: WarningCounts) => [
  c.raised,
  c.open,
  c.verified,
  c.dismissed,
  c.cleared,
]

type Figures = Pick<
  StatisticsRow,
  'projects' | 'tenderDays' | 'bidders' | 'warnings' | 'linkageOpened'
>

const figureCells = (f: Figures) => [
  '全部指标',
  f.projects,
  f.tenderDays.mean ?? '',
  f.tenderDays.count,
  f.bidders.mean ?? '',
  f.bidders.count,
  ...counts(f.warnings),
  f.linkageOpened,
]

export async function supervisionStatisticsCsv(
  statistics: SupervisionStatistics,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('监督统计')
  sheet.addRow(HEADER)
  for (const row of statistics.rows) {
    sheet.addRow([row.quarterLabel, row.categoryName, ...figureCells(row)])
    for (const each of row.byIndicator)
      sheet.addRow([
        row.quarterLabel,
        row.categoryName,
        INDICATORS[each.code].name,
        '',
        '',
        '',
        '',
        '',
        ...counts(each),
        '',
      ])
  }
  sheet.addRow([statistics.label, '合计', ...figureCells(statistics.total)])
  const csv = Buffer.from(await book.csv.writeBuffer())
  return Buffer.concat([Buffer.from('\uFEFF', 'utf8'), csv])
}
