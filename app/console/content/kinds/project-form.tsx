import { Form, Input, InputNumber, Select } from 'antd'

import {
  partyLabel,
  REGIONS,
  SCHEDULED_CATEGORIES,
  TRADE_CATEGORIES,
  TRADE_MODES,
  tradeCategory,
} from '#common/constants/trade.ts'
import { ProjectFieldsSchema } from '#common/schemas/content/project-fields.ts'

import {
  eraseValues,
  type KindFieldsProps,
  orNone,
  type RuleOf,
  textOf,
} from './kind-form.ts'
import { choiceOfProjectItem } from './project-choice.ts'
import { DateTimeField } from './shared-fields.tsx'
import styles from '../content.module.css'

type ProjectValues = {
  code: string
  name: string
  category?: number
  subType?: number
  regionCode?: string
  location: string
  tenderer: string
  agency: string
  amount: number | null
  tradeMode?: string
  fundSource: string
  registrationDeadline: string | null
  openingTime: string | null
}

const CATEGORY_OPTIONS = TRADE_CATEGORIES.map((category) => ({
  value: category.value,
  label: category.label,
}))
const REGION_OPTIONS = REGIONS.map((region) => ({
  value: region.value,
  label: region.label,
}))
const TRADE_MODE_OPTIONS = TRADE_MODES.map((mode) => ({
  value: mode,
  label: mode,
}))

const isScheduled = (category: number | undefined) =>
  category !== undefined && SCHEDULED_CATEGORIES.includes(category)

function CategoryFields({
  rule,
  isCategoryLocked,
}: {
  rule: RuleOf
  isCategoryLocked: boolean
}) {
  const form = Form.useFormInstance()
  const category = Form.useWatch<number | undefined>('category', form)
  const subTypes = tradeCategory(category ?? 0)?.subTypes ?? []
  return (
    <div className={styles.fieldRow}>
      <Form.Item
        label="交易类别"
        name="category"
        required
        rules={[rule('category')]}
        extra={
          isCategoryLocked
            ? '该项目已有阶段公告，不能更改交易类别（各阶段公告依交易类别的环节发布）'
            : undefined
        }
      >
        <Select
          placeholder="请选择交易类别"
          options={CATEGORY_OPTIONS}
          disabled={isCategoryLocked}
          onChange={(next: number) => {
            // A sub-type of another category, and dates a category has none of, go.
            const kept = tradeCategory(next)?.subTypes.some(
              (subType) => subType.value === form.getFieldValue('subType'),
            )
            if (!kept) form.setFieldValue('subType', undefined)
          }}
        />
      </Form.Item>
      <Form.Item
        label="交易子类"
        name="subType"
        required
        rules={[rule('subType')]}
        dependencies={['category']}
      >
        <Select
          placeholder={category ? '请选择交易子类' : '请先选择交易类别'}
          disabled={!category}
          options={subTypes.map((subType) => ({
            value: subType.value,
            label: subType.label,
          }))}
        />
      </Form.Item>
    </div>
  )
}

function ProjectFields({ rule, project }: KindFieldsProps) {
  const category = Form.useWatch<number | undefined>('category')
  const hasAnnouncements =
    project?.stages.some((stage) => stage.itemId !== null) ?? false
  return (
    <>
      <div className={styles.fieldRow}>
        <Form.Item
          label="项目编号"
          name="code"
          required
          rules={[rule('code')]}
          extra="不含空格，每个项目一个编号"
        >
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item label="项目名称" name="name" required rules={[rule('name')]}>
          <Input maxLength={200} />
        </Form.Item>
      </div>
      <CategoryFields rule={rule} isCategoryLocked={hasAnnouncements} />
      <div className={styles.fieldRow}>
        <Form.Item
          label="所属地区"
          name="regionCode"
          required
          rules={[rule('regionCode')]}
        >
          <Select placeholder="请选择所属地区" options={REGION_OPTIONS} />
        </Form.Item>
        <Form.Item
          label="项目地点"
          name="location"
          required
          rules={[rule('location')]}
        >
          <Input maxLength={200} />
        </Form.Item>
      </div>
      <div className={styles.fieldRow}>
        <Form.Item
          label={
            category ? partyLabel(category) : '招标人（采购人、出让人、转让方）'
          }
          name="tenderer"
          required
          rules={[rule('tenderer')]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item label="代理机构" name="agency" rules={[rule('agency')]}>
          <Input maxLength={200} />
        </Form.Item>
      </div>
      <div className={styles.fieldRow}>
        <Form.Item
          label="项目金额（万元）"
          name="amount"
          required
          rules={[rule('amount')]}
        >
          <InputNumber min={0} step={0.01} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          label="交易方式"
          name="tradeMode"
          required
          rules={[rule('tradeMode')]}
        >
          <Select placeholder="请选择交易方式" options={TRADE_MODE_OPTIONS} />
        </Form.Item>
        <Form.Item
          label="资金来源"
          name="fundSource"
          rules={[rule('fundSource')]}
        >
          <Input maxLength={100} />
        </Form.Item>
      </div>
      {isScheduled(category) ? (
        <div className={styles.fieldRow}>
          <DateTimeField
            label="报名截止时间"
            name="registrationDeadline"
            rule={rule}
            dependencies={['openingTime']}
          />
          <DateTimeField
            label="开标时间"
            name="openingTime"
            rule={rule}
            dependencies={['registrationDeadline']}
          />
        </div>
      ) : null}
    </>
  )
}

export const projectForm = eraseValues<'project', ProjectValues>({
  // A project's fields are facts in a table with no body to say 更正 above: the server refuses
  // the mark; its announcements carry the corrections.
  isNeverCorrected: true,
  empty: {
    code: '',
    name: '',
    location: '',
    tenderer: '',
    agency: '',
    amount: null,
    fundSource: '',
    registrationDeadline: null,
    openingTime: null,
  },
  valuesOf: (fields) => ({ ...fields }),
  inputOf: (values) => {
    // Dates typed before the category changed to one without them are not sent.
    const hasDates = isScheduled(values.category)
    return {
      code: textOf(values.code),
      name: textOf(values.name),
      category: values.category,
      subType: values.subType,
      regionCode: values.regionCode,
      location: textOf(values.location),
      tenderer: textOf(values.tenderer),
      agency: textOf(values.agency),
      amount: values.amount ?? undefined,
      tradeMode: values.tradeMode,
      fundSource: textOf(values.fundSource),
      registrationDeadline: hasDates
        ? (values.registrationDeadline ?? null)
        : null,
      openingTime: hasDates ? (values.openingTime ?? null) : null,
    }
  },
  schema: ProjectFieldsSchema,
  newMenuGroup: '项目交易',
  categoryOf: (fields) => fields.category,
  // The page opens on its current stage, as the public page does.
  savedProject: choiceOfProjectItem,
  preview: { portalPage: 'project' },
  previewStage: (view) => view.currentStage ?? view.stages[0]?.stage ?? '',
  titleOf: (fields) => fields.name,
  Fields: ProjectFields,
  read: (fields) => {
    const category = tradeCategory(fields.category)
    const subType = category?.subTypes.find((s) => s.value === fields.subType)
    const minute = (text: string | null) => orNone(text?.slice(0, 16))
    return {
      facts: [
        { key: 'code', label: '项目编号', children: fields.code },
        { key: 'name', label: '项目名称', children: fields.name },
        {
          key: 'category',
          label: '交易类别',
          children: `${category?.label ?? ''} / ${subType?.label ?? ''}`,
        },
        {
          key: 'region',
          label: '所属地区',
          children:
            REGIONS.find((region) => region.value === fields.regionCode)
              ?.label ?? fields.regionCode,
        },
        { key: 'location', label: '项目地点', children: fields.location },
        {
          key: 'tenderer',
          label: partyLabel(fields.category),
          children: fields.tenderer,
        },
        { key: 'agency', label: '代理机构', children: orNone(fields.agency) },
        {
          key: 'amount',
          label: '项目金额（万元）',
          children: fields.amount.toFixed(2),
        },
        { key: 'tradeMode', label: '交易方式', children: fields.tradeMode },
        {
          key: 'fundSource',
          label: '资金来源',
          children: orNone(fields.fundSource),
        },
        ...(isScheduled(fields.category)
          ? [
              {
                key: 'registrationDeadline',
                label: '报名截止时间',
                children: minute(fields.registrationDeadline),
              },
              {
                key: 'openingTime',
                label: '开标时间',
                children: minute(fields.openingTime),
              },
            ]
          : []),
      ],
    }
  },
})
