//   node bench/home-bench.ts [--projects 40000] [--runs 30] [--engines sqlite,postgres]
// Budget: the summary's p95 under 25 ms on each engine (exit 1 otherwise). PostgreSQL:
// TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test).
import { scheduleRange } from '#common/date-range.ts'
import { ProjectPageQuerySchema } from '#common/schemas/project.ts'
import { createBusinessApiService } from '#server/projects/project-service.ts'

import { generateProjects } from './bench-content.ts'
import { openBenchDatabase } from './in-process.ts'
import {
  fillWithProjects,
  parseProjectBenchArgs,
  type TimedWork,
  type Timings,
  printTimings,
  timeWork,
} from './project-bench.ts'

const { count, runs, engines } = parseProjectBenchArgs('40000')
const BUDGET_MS = 25
const now = new Date()

const rows = generateProjects(count, { seed: 20_261_124, now })
const timings: Timings = { results: [], failures: [] }
for (const engine of engines) {
  const { db, cleanup } = await openBenchDatabase(engine, 'portal_home_bench')
  const { seconds, announcements } = await fillWithProjects(db, rows, now)
  console.log(
    `${engine}: ${count} projects, ${announcements} announcements written in ${seconds.toFixed(1)} s`,
  )
  const api = createBusinessApiService(db)
  const week = scheduleRange('week')
  const work: TimedWork[] = [
    [
      'home summary (12 statements)',
      () => api.projectHomeSummary({ size: 6 }),
      true,
    ],
    [
      "list: this week's openings, soonest first",
      () =>
        api.projectPageList(
          ProjectPageQuerySchema.parse({
            openingStart: week.startTime,
            openingEnd: week.endTime,
            sort: 'openingTime',
            order: 'asc',
          }),
        ),
      false,
    ],
    [
      'list: at bid notice, by registration deadline',
      () =>
        api.projectPageList(
          ProjectPageQuerySchema.parse({
            currentStage: 'bidNotice',
            sort: 'registrationDeadline',
            order: 'asc',
          }),
        ),
      false,
    ],
  ]
  await timeWork(engine, work, { runs, budgetMs: BUDGET_MS }, timings)
  await cleanup()
}
printTimings(
  timings,
  { count, runs, column: 'query' },
  `\nthe home summary's p95 is under ${BUDGET_MS} ms on every engine`,
)
