import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { EChart } from './echart.tsx'

describe('the chart wrapper on the server', () => {
  it('renders only a box of the chart size holding the figures as a table', () => {
    const html = renderToString(
      <EChart
        kinds={['bar']}
        height={280}
        option={{ series: [{ type: 'bar', data: [3, 5] }] }}
        table={{
          caption: '各类别项目数量',
          columns: ['交易类别', '项目数'],
          rows: [
            ['工程建设', 3],
            ['政府采购', 5],
          ],
        }}
      />,
    )
    expect(html).toContain('height:280px')
    expect(html).toMatch(/<caption[^>]*>各类别项目数量<\/caption>/)
    expect(html).toMatch(/<th scope="row">政府采购<\/th><td>5<\/td>/)
    expect(html).not.toContain('<canvas')
    expect(html).toContain('data-chart-status="waiting"')
  })

  it('shows a chart the server drew, at both widths, with its figures still a table for screen readers', () => {
    const html = renderToString(
      <EChart
        kinds={['bar']}
        option={{ series: [{ type: 'bar', data: [3, 5] }] }}
        drawn={{
          narrow: '<svg data-width="narrow"></svg>',
          wide: '<svg data-width="wide"></svg>',
        }}
        table={{
          caption: '各类别项目数量',
          columns: ['交易类别', '项目数'],
          rows: [['工程建设', 3]],
        }}
      />,
    )
    expect(html).toContain('data-chart-status="drawn"')
    expect(html).toContain('<svg data-width="narrow"></svg>')
    expect(html).toContain('<svg data-width="wide"></svg>')
    expect(html).toMatch(/class="visually-hidden"[^>]*><table/)
  })
})
