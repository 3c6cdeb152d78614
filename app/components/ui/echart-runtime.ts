import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
} from 'echarts/components'
// Aliased: ECharts' `use` is not React's hook.
import { init, use as registerParts } from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'

// The parts every chart of the portal uses; chart types come one by one (architecture.md:
// ECharts imported per chart type).
registerParts([
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
])

export type ChartKind = 'bar' | 'line' | 'pie'

const CHART_TYPES = {
  bar: () => import('./echart-bar.ts'),
  line: () => import('./echart-line.ts'),
  pie: () => import('./echart-pie.ts'),
} satisfies Record<ChartKind, () => Promise<{ chartType: unknown }>>

export async function loadECharts(kinds: readonly ChartKind[]) {
  const modules = await Promise.all(kinds.map((kind) => CHART_TYPES[kind]()))
  registerParts(modules.map((module) => module.chartType))
  return { init }
}
