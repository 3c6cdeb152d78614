import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Form, Input, InputNumber, Switch } from 'antd'
import { type ReactNode, useRef } from 'react'

import type { RuleOf } from './kind-form.ts'
import { useListRule } from './ordered-list-field.tsx'
import styles from '../content.module.css'

// The lists of a stage's facts (开标记录's bids, 评标结果公示's candidates and rejected bids): a
// box per row with its fields labelled, which wrap into one column on a phone, and buttons to
// add and remove a row.

type Path = (string | number)[]

/** Where a row's values are: `name` as its Form.Items name them (inside a Form.List, from the
 * row), `path` from the form's root, as the schema's issues name them. */
export type Place = { name: Path; path: Path }

export const FACTS: Place = { name: ['facts'], path: ['facts'] }

export const fieldAt = (at: Place, rule: RuleOf, ...keys: string[]) => ({
  name: [...at.name, ...keys],
  rules: [rule([...at.path, ...keys])],
})

export function NumberField({
  label,
  at,
  field,
  rule,
  isRequired = false,
  isWhole = false,
  min = 0,
  max,
  extra,
  emptyMessage,
}: {
  label: string
  at: Place
  field: string
  rule: RuleOf
  isRequired?: boolean
  isWhole?: boolean
  min?: number
  max?: number
  extra?: ReactNode
  // Where the schema has no words of its own for a number not given.
  emptyMessage?: string
}) {
  const { name, rules } = fieldAt(at, rule, field)
  return (
    <Form.Item
      label={label}
      name={name}
      required={isRequired}
      rules={
        emptyMessage
          ? [{ required: true, message: emptyMessage }, ...rules]
          : rules
      }
      validateFirst
      extra={extra}
    >
      <InputNumber
        min={min}
        max={max}
        step={isWhole ? 1 : 0.01}
        precision={isWhole ? 0 : undefined}
        style={{ width: '100%' }}
      />
    </Form.Item>
  )
}

// An empty code is sent as none, so that the schema asks for it instead of counting its places.
const codeProps = {
  normalize: (value: string) => (value === '' ? undefined : value),
  getValueProps: (value?: string) => ({ value: value ?? '' }),
}

/** A company: its name and 统一社会信用代码, under `field` of `at`. */
export function PartyFields({
  at,
  field,
  nameLabel,
  rule,
}: {
  at: Place
  field: string
  nameLabel: string
  rule: RuleOf
}) {
  return (
    <div className={styles.fieldRow}>
      <Form.Item
        label={nameLabel}
        required
        {...fieldAt(at, rule, field, 'name')}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        label="统一社会信用代码"
        required
        extra="18位，按 GB 32100-2015 校验"
        {...fieldAt(at, rule, field, 'creditCode')}
        {...codeProps}
      >
        <Input maxLength={18} className={styles.codeInput} />
      </Form.Item>
    </div>
  )
}

type RowProps = { at: Place; rule: RuleOf }

export function FactsList({
  list,
  rowName,
  addText,
  blank,
  max,
  rule,
  Row,
}: {
  list: string
  rowName: (index: number) => string
  addText: string
  blank: (index: number) => Record<string, unknown>
  max: number
  rule: RuleOf
  Row: (props: RowProps) => ReactNode
}) {
  const path = ['facts', list]
  const listRule = useListRule(rule, path)
  const rows = useRef<HTMLOListElement>(null)
  const addButton = useRef<HTMLButtonElement>(null)
  // After the list has rendered: a new row's first field, or, a row gone, the add button.
  const focusLater = (find: () => HTMLElement | null | undefined) =>
    setTimeout(() => find()?.focus())
  return (
    <Form.List name={path} rules={[listRule]}>
      {(fields, { add, remove }, { errors }) => (
        <>
          <ol className={styles.factsRows}>
            {fields.map((field, index) => (
              <li key={field.key}>
                <fieldset className={styles.factsRow}>
                  <legend>{rowName(index)}</legend>
                  <Row
                    at={{ name: [field.name], path: [...path, field.name] }}
                    rule={rule}
                  />
                  <div className={styles.factsRowActions}>
                    <Button
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={`删除${rowName(index)}`}
                      onClick={() => {
                        remove(index)
                        focusLater(() => addButton.current)
                      }}
                    >
                      删除
                    </Button>
                  </div>
                </fieldset>
              </li>
            ))}
          </ol>
          <Button
            ref={addButton}
            icon={<PlusOutlined aria-hidden />}
            disabled={fields.length >= max}
            onClick={() => {
              add(blank(fields.length))
              focusLater(() =>
                rows.current?.lastElementChild?.querySelector('input'),
              )
            }}
          >
            {addText}
            {fields.length >= max ? `（最多${max}个）` : ''}
          </Button>
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  )
}

/** A bid as the 开标记录 lists it. */
export function BidRow({ at, rule }: RowProps) {
  // From the form's values: the reason's field is not mounted while the bid is opened.
  const watchAll = { preserve: true }
  const opened = Form.useWatch<boolean | undefined>(
    [...at.path, 'opened'],
    watchAll,
  )
  const reason = Form.useWatch<string | undefined>(
    [...at.path, 'rejectionReason'],
    watchAll,
  )
  const isRejected = opened === false
  return (
    <>
      <PartyFields at={at} field="bidder" nameLabel="投标人名称" rule={rule} />
      <div className={styles.fieldRow}>
        <NumberField
          label="投标报价（元）"
          at={at}
          field="price"
          rule={rule}
          isRequired
        />
        <NumberField
          label="工期（日历天）"
          at={at}
          field="durationDays"
          rule={rule}
          isWhole
          min={1}
        />
        <Form.Item label="质量承诺" {...fieldAt(at, rule, 'quality')}>
          <Input maxLength={100} />
        </Form.Item>
      </div>
      <div className={styles.fieldRow}>
        <Form.Item
          label="是否开启"
          valuePropName="checked"
          extra="开标时拒收或当场否决的，关闭此项并写明原因"
          {...fieldAt(at, rule, 'opened')}
        >
          <Switch checkedChildren="已开启" unCheckedChildren="未开启" />
        </Form.Item>
        {/* A reason typed earlier stays in sight while there is one, so none is sent unseen. */}
        {isRejected || reason ? (
          <Form.Item
            label="未开启原因"
            required={isRejected}
            dependencies={[[...at.path, 'opened']]}
            {...fieldAt(at, rule, 'rejectionReason')}
          >
            <Input maxLength={200} />
          </Form.Item>
        ) : null}
      </div>
    </>
  )
}

/** A 中标候选人 of the 评标结果公示. */
export function CandidateRow({ at, rule }: RowProps) {
  return (
    <>
      <PartyFields at={at} field="bidder" nameLabel="名称" rule={rule} />
      <div className={styles.fieldRow}>
        <NumberField
          label="名次"
          at={at}
          field="rank"
          rule={rule}
          isRequired
          emptyMessage="请填写名次"
          isWhole
          min={1}
          max={10}
        />
        <NumberField
          label="投标报价（元）"
          at={at}
          field="price"
          rule={rule}
          isRequired
        />
        <NumberField
          label="评标得分"
          at={at}
          field="score"
          rule={rule}
          max={1000}
          extra="经评审的最低投标价法不填"
        />
      </div>
    </>
  )
}

/** A bid the committee rejected (否决投标). */
export function RejectedRow({ at, rule }: RowProps) {
  return (
    <>
      <PartyFields at={at} field="bidder" nameLabel="名称" rule={rule} />
      <Form.Item label="否决理由" required {...fieldAt(at, rule, 'reason')}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
    </>
  )
}
