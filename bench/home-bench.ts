//   node bench/home-bench.ts [--projects 40000] [--runs 30] [--engines sqlite,postgres]
// Budget: the summary's p95 under 25 ms on each engine (exit 1 otherwise). PostgreSQL:
// TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test).
import { scheduleRange } from '#common/date-range.ts'
import { ProjectPageQuerySchema } from '#common/schemas/project.ts'
import { createBusinessApiService } from '#server/projects/project-service.ts'

import {
  parseProjectBenchArgs,
  runProjectBench,
  type TimedWork,
  timeWork,
} from './project-bench.ts'

const args = parseProjectBenchArgs('40000')
const { runs } = args
const BUDGET_MS = 25

await runProjectBench(
  args,
  {
    column: 'query',
    metMessage: `\nthe home summary's p95 is under ${BUDGET_MS} ms on every engine`,
    database: 'portal_home_bench',
    now: new Date(),
  },
  async (engine, db, timings) => {
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
  },
)
