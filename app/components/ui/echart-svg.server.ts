import { BarChart, LineChart, PieChart } from 'echarts/charts'
import {
  GridComponent,
  LegendComponent,
  TimelineComponent,
  TooltipComponent,
} from 'echarts/components'
// Aliased: ECharts' `use` is not React's hook.
import {
  type EChartsCoreOption,
  init,
  use as registerParts,
} from 'echarts/core'
import { SVGRenderer } from 'echarts/renderers'

import type { DrawnChart } from './echart.tsx'

// The tooltip draws nothing here, and the timeline is what ECharts reads a `baseOption` with
// `media` through: both registered so that the options the browser uses are taken as they are.
registerParts([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TimelineComponent,
  TooltipComponent,
  SVGRenderer,
])

/**
 * The widths a chart is drawn at on the server: a phone's box and a desktop's. The page shows
 * the one nearer its box (echart.module.css), scaled to fit.
 */
export const DRAWN_WIDTHS = { narrow: 320, wide: 440 } as const

function withoutAnimation(option: EChartsCoreOption): EChartsCoreOption {
  return 'baseOption' in option
    ? {
        ...option,
        baseOption: {
          ...(option.baseOption as EChartsCoreOption),
          animation: false,
        },
      }
    : { ...option, animation: false }
}

function drawSvg(option: EChartsCoreOption, width: number, height: number) {
  const chart = init(null, null, {
    renderer: 'svg',
    ssr: true,
    width,
    height,
    locale: 'ZH',
  })
  try {
    chart.setOption(withoutAnimation(option))
    return chart.renderToSVGString({ useViewBox: true })
  } finally {
    chart.dispose()
  }
}

/**
 * A chart drawn as SVG on the server (ECharts' server-side rendering, a few milliseconds each):
 * the page shows it without ECharts' code, which the browser fetches only when someone points
 * at the chart. ECharts escapes the names it writes into the SVG.
 */
export function drawChart(
  option: EChartsCoreOption,
  height: number,
): DrawnChart {
  return {
    narrow: drawSvg(option, DRAWN_WIDTHS.narrow, height),
    wide: drawSvg(option, DRAWN_WIDTHS.wide, height),
  }
}
