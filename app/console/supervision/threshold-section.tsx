import { Alert, Button, Form } from 'antd'
import { useMemo, useState } from 'react'

import { FactList } from '#app/components/ui/fact-list.tsx'
import { zodRule } from '#app/components/ui/zod-form-rule.ts'
import {
  type ThresholdEntry,
  thresholdValuesSchema,
} from '#common/schemas/supervision.ts'

import { RefusalNote } from '#app/console/components/refusal-note.tsx'
import { useConsoleCall } from '#app/console/api/use-console-call.ts'
import type { ThresholdCalls } from './threshold-api.ts'
import { amountOf, ThresholdField } from './threshold-field.tsx'
import styles from './thresholds.module.css'

type Values = Record<string, number | null>

const valuesOf = (entry: ThresholdEntry, pick: 'value' | 'defaultValue') =>
  Object.fromEntries(entry.thresholds.map((t) => [t.key, t[pick]])) as Values

const differs = (entry: ThresholdEntry, values: Values) =>
  entry.thresholds.some((t) => values[t.key] !== t.value)

type Props = {
  entry: ThresholdEntry
  canEdit: boolean
  calls: ThresholdCalls
  /** Whether the form now holds values not saved, for the page's guard. */
  onChanged: (code: string, hasChanges: boolean) => void
}

// One indicator, saved on its own: the answer's values become the form's, and whoever saved
// them is named below.
export function ThresholdSection({
  entry: initial,
  canEdit,
  calls,
  onChanged,
}: Props) {
  const [entry, setEntry] = useState(initial)
  const [form] = Form.useForm<Values>()
  const { run, isPending, error, clearError } = useConsoleCall()
  const [isSaved, setIsSaved] = useState(false)
  const schema = useMemo(() => thresholdValuesSchema(entry.code), [entry.code])
  const titleId = `threshold-${entry.code}`
  const hasThresholds = entry.thresholds.length > 0

  const noteChange = (values: Values) => {
    setIsSaved(false)
    clearError()
    onChanged(entry.code, differs(entry, values))
  }

  async function save(values: Values) {
    // The server's own rules, so that its messages are said before anything is sent.
    const parsed = schema.safeParse(values)
    if (!parsed.success) return
    const answer = await run(() =>
      calls.save(entry.code, { values: parsed.data }),
    )
    const saved = answer?.items.find((item) => item.code === entry.code)
    if (!saved) return
    setEntry(saved)
    form.setFieldsValue(valuesOf(saved, 'value'))
    onChanged(entry.code, false)
    setIsSaved(true)
  }

  const facts = [
    { label: '判定规则', value: entry.rule, isWide: true },
    { label: '依据', value: entry.basis, isWide: true },
    ...(canEdit
      ? []
      : entry.thresholds.map((t) => ({
          label: t.label,
          value: (
            <>
              {amountOf(t.value, t.unit)}
              <span className={styles.hints}>
                {t.value === t.defaultValue
                  ? '（默认值）'
                  : `（默认 ${amountOf(t.defaultValue, t.unit)}）`}
              </span>
            </>
          ),
          isWide: true,
        }))),
  ]

  return (
    <section
      aria-labelledby={titleId}
      className={`portal-panel ${styles.section}`}
    >
      <h2 id={titleId} className={styles.title}>
        {entry.name}
      </h2>
      <FactList classes={styles} facts={facts} />
      {!hasThresholds ? (
        <p className={styles.note}>该指标按规则判定，没有可调整的阈值。</p>
      ) : canEdit ? (
        <Form<Values>
          form={form}
          layout="vertical"
          disabled={isPending}
          initialValues={valuesOf(entry, 'value')}
          onValuesChange={(_, all) => noteChange(all)}
          onFinish={(values) => void save(values)}
          className={styles.form}
        >
          <div className={styles.fields}>
            {entry.thresholds.map((t) => (
              <ThresholdField
                key={t.key}
                code={entry.code}
                threshold={t}
                rule={zodRule(schema, [t.key])}
              />
            ))}
          </div>
          <RefusalNote message={error?.message} />
          {isSaved ? (
            <Alert
              type="success"
              showIcon
              role="status"
              title="已保存，全部预警将按新阈值重新计算"
              className={styles.saved}
            />
          ) : null}
          <div className={styles.actions}>
            <Button
              autoInsertSpace={false}
              type="primary"
              htmlType="submit"
              loading={isPending}
            >
              保存
              <span className="visually-hidden">“{entry.name}”的阈值</span>
            </Button>
            <Button
              autoInsertSpace={false}
              onClick={() => {
                const defaults = valuesOf(entry, 'defaultValue')
                form.setFieldsValue(defaults)
                void form.validateFields()
                noteChange(defaults)
              }}
            >
              恢复默认
              <span className="visually-hidden">（{entry.name}）</span>
            </Button>
          </div>
        </Form>
      ) : null}
      <p className={styles.changed}>
        {entry.updatedBy && entry.updatedAt
          ? `最近修改：${entry.updatedBy}，${entry.updatedAt}`
          : '未曾修改，一直使用默认值'}
      </p>
    </section>
  )
}
