import { createRequire } from 'node:module'

import { Refusal } from '#server/shared/refusal.ts'

// From the maintained `chinese-days` package, not a list typed here. The year after the last
// covered one is provisional (docs/decisions/0021-provisional-deadlines.md): its notice usually
// comes in November, months before the package has it. Any other uncovered year is refused instead
// of the package's silent weekday fallback.
export type CalendarData = {
  holidays: Record<string, string>
  workdays: Record<string, string>
}

export type WorkingCalendar = {
  coveredYears: number[]
  provisionalYear: number
  isProvisional(date: string): boolean
  isWorkday(date: string): boolean
  /** The `count`-th working day after `date` (date itself not counted); count 0 gives date. */
  addWorkdays(date: string, count: number): string
  /** Working days d with from <= d < to. */
  countWorkdays(from: string, to: string): number
}

const DAY_MS = 86_400_000

function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS)
    .toISOString()
    .slice(0, 10)
}

export function createWorkingCalendar(data: CalendarData): WorkingCalendar {
  const years = new Set<number>()
  for (const day of Object.keys(data.holidays))
    years.add(Number(day.slice(0, 4)))
  const coveredYears = [...years].sort((a, b) => a - b)
  const first = coveredYears[0]
  const last = coveredYears.at(-1)
  if (first === undefined || last === undefined)
    throw new Error('节假日日历数据为空')
  const provisionalYear = last + 1
  const yearOf = (date: string) => Number(date.slice(0, 4))

  function isWorkday(date: string): boolean {
    const year = yearOf(date)
    if (year !== provisionalYear && !years.has(year)) {
      throw new Refusal(
        503,
        `节假日日历尚未包含${year}年的法定节假日和调休安排，无法计算法定期限；请升级 chinese-days 后重试（已包含：${first}–${last}年，${provisionalYear}年按工作日暂计）`,
      )
    }
    if (date in data.workdays) return true
    if (date in data.holidays) return false
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
    return weekday !== 0 && weekday !== 6
  }

  return {
    coveredYears,
    provisionalYear,
    isProvisional: (date) => yearOf(date) === provisionalYear,
    isWorkday,
    addWorkdays(date, count) {
      let day = date
      for (let left = count; left > 0;) {
        day = shiftDate(day, 1)
        if (isWorkday(day)) left--
      }
      return day
    },
    countWorkdays(from, to) {
      let count = 0
      for (let day = from; day < to; day = shiftDate(day, 1))
        if (isWorkday(day)) count++
      return count
    },
  }
}

let official: WorkingCalendar | undefined

export function officialCalendar(): WorkingCalendar {
  if (!official) {
    // createRequire: a JSON file of a package, read the same way from source and from the build.
    const require = createRequire(import.meta.url)
    official = createWorkingCalendar(
      require('chinese-days/dist/chinese-days.json') as CalendarData,
    )
  }
  return official
}
