import { Form, Input, Table } from 'antd'

import { CODED_DICTIONARIES, SITE_LIMITS } from '#common/constants/site.ts'
import { DictionaryFieldsSchema } from '#common/schemas/content/site-fields.ts'
import type { ContentPublicViewOf } from '#common/schemas/content/workflow.ts'

import { eraseValues, type KindFieldsProps, textOf } from './kind-form.ts'
import { OrderedListField } from './ordered-list-field.tsx'
import styles from '../content.module.css'

// The portal reads the values of CODED_DICTIONARIES itself: only their names and order may
// change.

type EntryRow = { label: string; value: string }
type DictionaryValues = { type: string; name: string; entries: EntryRow[] }

const entryRowsOf = (entries: unknown): EntryRow[] =>
  ((entries as Partial<EntryRow>[] | undefined) ?? []).map((entry) => ({
    label: entry?.label ?? '',
    value: entry?.value ?? '',
  }))

function DictionaryFields({ rule, detail }: KindFieldsProps) {
  const type = Form.useWatch<string | undefined>('type') ?? ''
  const coded = CODED_DICTIONARIES[type.trim()]
  // A published dictionary keeps its type (the server refuses a change): the item is that
  // type's one dictionary.
  const isLocked = detail?.publishedRevisionNo != null
  return (
    <>
      <Form.Item
        label="字典类型"
        name="type"
        required
        rules={[rule('type')]}
        extra={
          isLocked
            ? '已发布的字典不能更改字典类型'
            : '字母开头，由字母、数字、下划线和短横线组成，如 project_type；每个类型只有一条内容'
        }
      >
        <Input maxLength={SITE_LIMITS.dictionaryTypeMax} readOnly={isLocked} />
      </Form.Item>
      <Form.Item label="字典名称" name="name" required rules={[rule('name')]}>
        <Input maxLength={SITE_LIMITS.dictionaryNameMax} showCount />
      </Form.Item>
      <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
        <legend style={{ fontSize: 14, marginBottom: 8 }}>
          字典项（按显示顺序）
        </legend>
        <OrderedListField
          name="entries"
          rowNoun="个字典项"
          columns={[
            {
              key: 'label',
              label: '名称',
              maxLength: SITE_LIMITS.dictionaryTextMax,
            },
            {
              key: 'value',
              label: '取值',
              maxLength: SITE_LIMITS.dictionaryTextMax,
              isReadOnly: Boolean(coded),
            },
          ]}
          rule={rule}
          max={SITE_LIMITS.dictionaryEntriesMax}
          isFixed={Boolean(coded)}
          note={
            coded
              ? `「${coded.name}」字典的取值由平台的投诉和项目功能使用，只能修改名称和顺序，不能增删字典项或修改取值。`
              : '同一字典中的名称和取值都不能重复。'
          }
          blank={{ label: '', value: '' }}
        />
      </fieldset>
    </>
  )
}

function DictionaryPreview({
  view: { dictionary },
}: {
  view: ContentPublicViewOf['dictionary']
}) {
  return (
    <table className={styles.previewTable}>
      <caption>
        {dictionary.name}（{dictionary.type}）
      </caption>
      <thead>
        <tr>
          <th scope="col">序号</th>
          <th scope="col">名称</th>
          <th scope="col">取值</th>
        </tr>
      </thead>
      <tbody>
        {dictionary.Table.map((entry, index) => (
          <tr key={entry.Value}>
            <td>{index + 1}</td>
            <td>{entry.Label}</td>
            <td>{entry.Value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export const dictionaryForm = eraseValues<'dictionary', DictionaryValues>({
  empty: { type: '', name: '', entries: [{ label: '', value: '' }] },
  valuesOf: (fields) => ({
    type: fields.type,
    name: fields.name,
    entries: fields.entries.map((entry) => ({ ...entry })),
  }),
  inputOf: (values) => ({
    type: textOf(values.type),
    name: textOf(values.name),
    entries: entryRowsOf(values.entries),
  }),
  schema: DictionaryFieldsSchema,
  newMenuGroup: '站点内容',
  categoryOf: () => 0,
  isNeverCorrected: true,
  preview: { View: DictionaryPreview },
  titleOf: (fields) => `数据字典：${fields.name}（${fields.type}）`,
  Fields: DictionaryFields,
  read: (fields) => ({
    facts: [
      { key: 'type', label: '字典类型', children: fields.type },
      { key: 'name', label: '字典名称', children: fields.name },
      {
        key: 'entries',
        label: '字典项',
        children: <EntryTable entries={fields.entries} />,
      },
    ],
  }),
})

function EntryTable({ entries }: { entries: EntryRow[] }) {
  return (
    <Table<EntryRow & { order: number }>
      size="small"
      pagination={false}
      rowKey="value"
      dataSource={entries.map((entry, index) => ({
        ...entry,
        order: index + 1,
      }))}
      columns={[
        { title: '序号', dataIndex: 'order', width: 70 },
        { title: '名称', dataIndex: 'label' },
        { title: '取值', dataIndex: 'value' },
      ]}
    />
  )
}
