import { Alert, Button, Radio, Select, Spin } from 'antd'
import { useSearchParams } from 'react-router'

import { ComplaintFiguresSections } from '#app/components/ui/complaint-figures-table.tsx'
import { saveFile } from '#app/console/api/save-file.ts'
import { staffApi } from '#app/console/api/staff-api-client.ts'
import { useConsoleCall } from '#app/console/api/use-console-call.ts'
import { ConsolePage } from '#app/console/components/console-page.tsx'
import type { StaffComplaintFigures } from '#common/schemas/complaint/complaint-figures.ts'

import styles from './workbench.module.css'

export const FIGURES_COUNTING_NOTE =
  '按收到投诉的时间统计。用时按法定方法计算工作日：受理用时自收到投诉次日起至作出受理决定之日，不含补正材料期间；处理用时自受理次日起至作出处理决定之日，不含检验、检测、鉴定、专家评审期间。按期以各自的法定届满日（含依法延长）为准。'

// 投诉统计: how the department keeps the law's time limits, for a year by month or quarter,
// by complaint type and by 承办人; the year and the period are in the address.
export function ComplaintFiguresPage({
  figures,
  isLoading,
}: {
  figures: StaffComplaintFigures
  isLoading: boolean
}) {
  const [params, setParams] = useSearchParams()
  const exporting = useConsoleCall()
  const years = Array.from({ length: 5 }, (_, i) => figures.thisYear - i)
  const choose = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params)
    for (const [key, value] of Object.entries(changes)) next.set(key, value)
    setParams(next)
  }

  async function exportWorkbook() {
    const file = await exporting.run(() =>
      staffApi.download('/complaints/figures/export', {
        year: figures.year,
        period: figures.period,
      }),
    )
    if (file) saveFile(file.blob, file.fileName)
  }

  return (
    <ConsolePage
      title="投诉统计"
      actions={
        <Button
          onClick={() => void exportWorkbook()}
          loading={exporting.isPending}
        >
          导出Excel
        </Button>
      }
    >
      <div className={styles.figureFilters} role="group" aria-label="统计范围">
        <label htmlFor="figures-year">年份</label>
        <Select
          id="figures-year"
          value={figures.year}
          options={years.map((year) => ({ value: year, label: `${year}年` }))}
          onChange={(year) => choose({ year: String(year) })}
          style={{ width: 120 }}
        />
        <Radio.Group
          aria-label="统计周期"
          optionType="button"
          value={figures.period}
          options={[
            { value: 'month', label: '按月' },
            { value: 'quarter', label: '按季度' },
          ]}
          onChange={(event) => choose({ period: String(event.target.value) })}
        />
      </div>
      {exporting.error ? (
        <Alert type="error" showIcon title={exporting.error.message} />
      ) : null}
      <p className={styles.meta}>{FIGURES_COUNTING_NOTE}</p>
      <Spin spinning={isLoading} description="正在统计…">
        <ComplaintFiguresSections
          figures={figures}
          byAssignee={figures.byAssignee}
        />
      </Spin>
    </ConsolePage>
  )
}
