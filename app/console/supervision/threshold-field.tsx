import { Form, type FormRule, InputNumber } from 'antd'

import type { ThresholdEntry } from '#common/schemas/supervision.ts'

import styles from './thresholds.module.css'

export type Threshold = ThresholdEntry['thresholds'][number]

export const amountOf = (value: number, unit: string) => `${value} ${unit}`
const rangeOf = (t: Threshold) => `范围 ${t.min}–${t.max} ${t.unit}`

/** One threshold's input: its name, unit and range, and its default once the value leaves it. */
export function ThresholdField({
  code,
  threshold: t,
  rule,
}: {
  code: string
  threshold: Threshold
  rule: FormRule
}) {
  const form = Form.useFormInstance()
  const typed = Form.useWatch<number | null | undefined>(t.key, form)
  const shown = typed === undefined ? t.value : typed
  const id = `threshold-${code}-${t.key}`
  return (
    <Form.Item
      name={t.key}
      label={t.label}
      htmlFor={id}
      required
      rules={[rule]}
      extra={
        <span className={styles.hints}>
          <span>{rangeOf(t)}</span>
          {shown !== t.defaultValue ? (
            <span>默认 {amountOf(t.defaultValue, t.unit)}</span>
          ) : null}
        </span>
      }
    >
      {/* No min or max: the input would move a value out of range into it on leaving, unsaid;
          the schema's message says what is allowed instead. No step either: a step of 0.1 would
          show 50 as 50.0. */}
      <InputNumber id={id} suffix={t.unit} className={styles.number} />
    </Form.Item>
  )
}
