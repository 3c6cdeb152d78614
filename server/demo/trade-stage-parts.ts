import type { DemoProject } from './demo-project.ts'

const DAY_MS = 86_400_000
/** The same time of day, `days` later. */
export const after = (date: Date, days: number) =>
  new Date(date.getTime() + days * DAY_MS)

/** Who to contact about a trade: the tenderer and the agency or the trading venue. */
export function contactRows(p: DemoProject, role: string): [string, string][] {
  return [
    [role, p.tenderer],
    ['联系人', p.people.person()],
    ['联系电话', p.people.phone(p.pref)],
    [
      p.category === 2 ? '采购代理机构' : '交易机构',
      p.category === 2 ? p.agency : p.venue,
    ],
    ['联系电话', p.people.phone(p.pref)],
  ]
}
