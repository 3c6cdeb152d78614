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

/*
 * An ordered list the console edits as a whole (a footer group's links, a dictionary's
 * entries): one row per entry, its inputs side by side, each named with the row's number for
 * a screen reader (「第3条链接的标题」); buttons to add a row and to move a row up, down or
 * remove it. Rows keep their element as they move, so the focus stays on the button pressed.
 */

export type ListColumn = {
  key: string
  /** What the column holds: 标题, 地址, 名称, 取值. */
  label: string
  maxLength: number
  placeholder?: string
  isReadOnly?: boolean
}

type Props = {
  /** The list's field in the form: links, entries. */
  name: string
  /** What a row is, with its measure word: 条链接, 个字典项. */
  rowNoun: string
  columns: ListColumn[]
  rule: RuleOf
  max: number
  /** Rows may only be moved (a dictionary whose values the portal reads). */
  isFixed?: boolean
  /** Why rows cannot be added or removed, shown above them. */
  note?: ReactNode
  /** The row a new one starts as. */
  blank: Record<string, string>
}

/** The list's own message (none given, too many, a duplicate the schema names at the list). */
function useListRule(rule: RuleOf, name: string) {
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
