import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons'
import { Button, Form, Input } from 'antd'
import type { ReactNode } from 'react'

import type { RuleOf } from './kind-form.ts'
import styles from '../content.module.css'

// Rows keep their element as they move, so that the focus stays on the button pressed.

type ListColumn = {
  key: string
  label: string
  maxLength: number
  placeholder?: string
  isReadOnly?: boolean
}

type Props = {
  name: string
  rowNoun: string
  columns: ListColumn[]
  rule: RuleOf
  max: number
  isFixed?: boolean
  note?: ReactNode
  blank: Record<string, string>
}

// Form.List takes only validator rules: the kind's rule for the list's own issues (too many
// rows, a repeated entry), as one.
export function useListRule(rule: RuleOf, name: string | (string | number)[]) {
  const form = Form.useFormInstance()
  const named = rule(name)
  const resolved = typeof named === 'function' ? named(form) : named
  return {
    validator: (...args: Parameters<NonNullable<typeof resolved.validator>>) =>
      resolved.validator?.(...args) ?? Promise.resolve(),
  }
}

export function OrderedListField({
  name,
  rowNoun,
  columns,
  rule,
  max,
  isFixed = false,
  note,
  blank,
}: Props) {
  const listRule = useListRule(rule, name)
  const rowName = (index: number) => `第${index + 1}${rowNoun}`
  return (
    <Form.List name={name} rules={[listRule]}>
      {(fields, { add, remove, move }, { errors }) => (
        <>
          {note ? <p className={styles.listNote}>{note}</p> : null}
          <ol className={styles.listRows}>
            {fields.map((field, index) => (
              <li key={field.key} className={styles.listRow}>
                <span className={styles.listRowNumber} aria-hidden>
                  {index + 1}.
                </span>
                {columns.map((column) => (
                  <Form.Item
                    key={column.key}
                    name={[field.name, column.key]}
                    rules={[rule([name, field.name, column.key])]}
                    className={styles.listRowInput}
                  >
                    <Input
                      aria-label={`${rowName(index)}的${column.label}`}
                      placeholder={column.placeholder ?? column.label}
                      maxLength={column.maxLength}
                      readOnly={column.isReadOnly}
                    />
                  </Form.Item>
                ))}
                <span className={styles.listRowActions}>
                  <Button
                    icon={<ArrowUpOutlined aria-hidden />}
                    aria-label={`上移${rowName(index)}`}
                    title="上移"
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  />
                  <Button
                    icon={<ArrowDownOutlined aria-hidden />}
                    aria-label={`下移${rowName(index)}`}
                    title="下移"
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                  {isFixed ? null : (
                    <Button
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={`删除${rowName(index)}`}
                      title="删除"
                      onClick={() => remove(index)}
                    />
                  )}
                </span>
              </li>
            ))}
          </ol>
          {isFixed ? null : (
            <Button
              icon={<PlusOutlined aria-hidden />}
              disabled={fields.length >= max}
              onClick={() => add({ ...blank })}
            >
              添加{rowNoun.slice(1)}
              {fields.length >= max
                ? `（最多${max}${rowNoun.slice(0, 1)}）`
                : ''}
            </Button>
          )}
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  )
}
