import { Form, Input, InputNumber, Select, Switch } from 'antd'

import { zodRule } from '#app/components/ui/zod-form-rule.ts'
import {
  COMPLAINT_CLOCK_PAUSE_KINDS,
  COMPLAINT_CONCLUSIONS,
  COMPLAINT_MATERIAL_DEFAULT_WORKDAYS,
  COMPLAINT_MAX_EXTENSION_WORKDAYS,
} from '#common/constants/statute.ts'
import {
  type StaffAction,
  StaffActionSchemas,
} from '#common/schemas/complaint/complaint-staff.ts'

import styles from './workbench.module.css'

type Field =
  | { name: string; label: string; kind: 'text'; max: number }
  | {
      name: string
      label: string
      kind: 'textarea'
      max: number
      rows?: number
      /** Who reads what is typed here, said under the field. */
      help?: string
    }
  | { name: string; label: string; kind: 'number'; min: number; max: number }
  | {
      name: string
      label: string
      kind: 'select'
      options: readonly { value: string; label: string }[]
    }
  | { name: string; label: string; kind: 'switch' }
  | { name: string; label: string; kind: 'names'; help: string }

type ActionForm = {
  label: string
  effect: string
  fields: Field[]
  isIrreversible: boolean
  initialValues?: () => Record<string, unknown>
}

const reason = (label: string): Field => ({
  name: 'reason',
  label,
  kind: 'textarea',
  max: 2000,
})
// Who reads a note is said where it is typed: the first is shown to the complainant word for
// word, the second stays in the department.
const notes: Field[] = [
  {
    name: 'note',
    label: '告知投诉人',
    kind: 'textarea',
    max: 500,
    help: '投诉人在投诉查询页面的办理经过中看到这段话，原文显示；不填则显示标准说明。',
  },
  {
    name: 'internalNote',
    label: '内部意见',
    kind: 'textarea',
    max: 500,
    help: '仅本部门工作人员在工作台可见，不告知投诉人。',
  },
]

const now = () => {
  const d = new Date()
  const two = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:00`
}

export const ACTION_FORMS: Record<StaffAction, ActionForm> = {
  sign: {
    label: '签收',
    effect:
      '签收后投诉进入待受理；受理期限仍自提交之日起计算，不因签收重新起算。',
    fields: notes,
    isIrreversible: false,
  },
  accept: {
    label: '受理',
    effect: '出具受理通知书并短信告知投诉人；处理期限自今日起计算30个工作日。',
    fields: notes,
    isIrreversible: true,
  },
  refuse: {
    label: '不予受理',
    effect: '出具不予受理通知书并送达投诉人，投诉处理程序终止。',
    fields: [reason('不予受理理由')],
    isIrreversible: true,
  },
  transfer: {
    label: '移交',
    effect: '出具移交告知书，投诉移交有权处理的机关，本机关程序终止。',
    fields: [
      { name: 'receiver', label: '移交机关', kind: 'text', max: 100 },
      reason('移交理由'),
    ],
    isIrreversible: true,
  },
  'request-material': {
    label: '要求补正材料',
    effect:
      '出具补正通知书并短信告知投诉人补正期限。受理前要求补正的，受理期限中止计时，补正期间不能受理或不予受理；收到补正材料或补正期限届满后恢复计时。',
    fields: [
      { name: 'items', label: '需补正的材料', kind: 'textarea', max: 2000 },
      {
        name: 'workdays',
        label: '补正期限（工作日）',
        kind: 'number',
        min: 1,
        max: 15,
      },
    ],
    isIrreversible: true,
    initialValues: () => ({ workdays: COMPLAINT_MATERIAL_DEFAULT_WORKDAYS }),
  },
  'record-transcript': {
    label: '制作调查笔录',
    effect: '生成调查笔录（PDF）并记入办理经过。',
    fields: [
      { name: 'title', label: '笔录标题', kind: 'text', max: 100 },
      { name: 'place', label: '调查地点', kind: 'text', max: 100 },
      { name: 'interviewee', label: '被调查人', kind: 'text', max: 100 },
      { name: 'interviewer', label: '调查人', kind: 'text', max: 100 },
      {
        name: 'occurredAt',
        label: '调查时间（YYYY-MM-DD HH:mm:ss）',
        kind: 'text',
        max: 19,
      },
      {
        name: 'content',
        label: '笔录内容',
        kind: 'textarea',
        max: 20_000,
        rows: 8,
      },
      {
        name: 'isVisibleToComplainant',
        label: '投诉人可查看',
        kind: 'switch',
      },
    ],
    isIrreversible: false,
    initialValues: () => ({ occurredAt: now(), isVisibleToComplainant: true }),
  },
  'suspend-activity': {
    label: '暂停招标投标活动',
    effect:
      '依据条例第六十二条责令暂停该项目招标投标活动，通知书送达投诉人和被投诉人。',
    fields: [reason('暂停理由')],
    isIrreversible: false,
  },
  'resume-activity': {
    label: '恢复招标投标活动',
    effect: '出具恢复招标投标活动通知书。',
    fields: [reason('恢复理由')],
    isIrreversible: false,
  },
  'pause-clock': {
    label: '中止计时',
    effect:
      '检验、检测、鉴定、专家评审所需时间不计入处理期限；出具期限中止告知书。中止期间不能作出处理决定。',
    fields: [
      {
        name: 'kind',
        label: '中止事由',
        kind: 'select',
        options: COMPLAINT_CLOCK_PAUSE_KINDS,
      },
      reason('中止计时说明'),
    ],
    isIrreversible: false,
  },
  'resume-clock': {
    label: '恢复计时',
    effect: '中止期间的工作日加入处理期限，届满日相应顺延。',
    fields: notes,
    isIrreversible: false,
  },
  extend: {
    label: '延长处理期限',
    effect: '出具延期说明书送达投诉人，处理期限相应延长。',
    fields: [
      {
        name: 'workdays',
        label: '延长（工作日）',
        kind: 'number',
        min: 1,
        max: COMPLAINT_MAX_EXTENSION_WORKDAYS,
      },
      { name: 'statement', label: '延期说明', kind: 'textarea', max: 2000 },
      { name: 'approvedBy', label: '批准负责人', kind: 'text', max: 50 },
    ],
    isIrreversible: true,
  },
  decide: {
    label: '作出处理决定',
    effect:
      '签发加盖本机关印章的处理决定书并送达投诉人，同时生成隐去个人信息的公开版。签发前须预览决定书。',
    fields: [
      {
        name: 'conclusion',
        label: '处理结论',
        kind: 'select',
        options: COMPLAINT_CONCLUSIONS,
      },
      {
        name: 'findings',
        label: '调查认定的事实',
        kind: 'textarea',
        max: 10_000,
        rows: 10,
      },
      { name: 'basis', label: '处理依据', kind: 'textarea', max: 2000 },
      {
        name: 'decision',
        label: '处理决定',
        kind: 'textarea',
        max: 5000,
        rows: 5,
      },
      {
        name: 'personalNames',
        label: '需在公开版中隐去的姓名',
        kind: 'names',
        help: '文中出现的专家、证人等自然人姓名；投诉人、联系人等当事人信息会自动隐去。输入后按回车添加。',
      },
    ],
    isIrreversible: true,
  },
  'grant-withdrawal': {
    label: '同意撤回',
    effect: '出具同意撤回投诉决定书，投诉处理程序终止。',
    fields: [reason('同意撤回理由')],
    isIrreversible: true,
  },
  'refuse-withdrawal': {
    label: '不予撤回',
    effect: '出具不予撤回投诉决定书，投诉回到申请撤回前的状态继续处理。',
    fields: [reason('不予撤回理由')],
    isIrreversible: true,
  },
  publish: {
    label: '公开处理结果',
    effect:
      '在“投诉处理结果”栏目公开摘要和处理决定书公开版；摘要中的个人信息会自动隐去。公开后不能撤回。',
    fields: [
      {
        name: 'summary',
        label: '公开的处理结果摘要',
        kind: 'textarea',
        max: 2000,
      },
    ],
    isIrreversible: true,
  },
}

export function ActionFields({
  action,
  idPrefix,
}: {
  action: StaffAction
  idPrefix: string
}) {
  const schema = StaffActionSchemas[action]
  return (
    <>
      {ACTION_FORMS[action].fields.map((field) => {
        const id = `${idPrefix}-${field.name}`
        const common = {
          name: field.name,
          label: field.label,
          htmlFor: id,
          rules: [zodRule(schema, [field.name])],
        }
        switch (field.kind) {
          case 'text':
            return (
              <Form.Item key={field.name} {...common}>
                <Input id={id} maxLength={field.max} />
              </Form.Item>
            )
          case 'textarea':
            return (
              <Form.Item
                key={field.name}
                {...common}
                extra={
                  field.help ? (
                    // Clear of the character count, which sits at the same height on the right.
                    <span className={styles.besideCount}>{field.help}</span>
                  ) : undefined
                }
              >
                <Input.TextArea
                  id={id}
                  maxLength={field.max}
                  showCount
                  rows={field.rows ?? 3}
                />
              </Form.Item>
            )
          case 'number':
            return (
              <Form.Item key={field.name} {...common}>
                <InputNumber
                  id={id}
                  min={field.min}
                  max={field.max}
                  precision={0}
                />
              </Form.Item>
            )
          case 'select':
            return (
              <Form.Item key={field.name} {...common}>
                <Select
                  id={id}
                  options={field.options.map(({ value, label }) => ({
                    value,
                    label,
                  }))}
                  placeholder="请选择"
                />
              </Form.Item>
            )
          case 'switch':
            return (
              <Form.Item key={field.name} {...common} valuePropName="checked">
                <Switch id={id} />
              </Form.Item>
            )
          case 'names':
            return (
              <Form.Item key={field.name} {...common} extra={field.help}>
                <Select
                  id={id}
                  mode="tags"
                  open={false}
                  suffixIcon={null}
                  tokenSeparators={['，', ',', '、']}
                />
              </Form.Item>
            )
        }
      })}
    </>
  )
}
