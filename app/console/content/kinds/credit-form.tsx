import { Form, Input, Radio } from 'antd'

import {
  CREDIT_DECISION_TYPES,
  CREDIT_LIMITS,
  CREDIT_PARTY_KINDS,
  type CreditPartyKind,
  creditDecisionLabel,
  creditPartyKind,
  creditPublicUntil,
  PERSON_PARTY_KINDS,
} from '#common/constants/credit.ts'
import { CreditFieldsSchema } from '#common/schemas/content/credit-fields.ts'

import {
  eraseValues,
  type KindFieldsProps,
  orNone,
  textOf,
} from './kind-form.ts'
import { DateField } from './shared-fields.tsx'
import styles from '../content.module.css'

// A record is public for six months from the decision (or until a longer restriction ends),
// then archived: the form says when.

type CreditValues = {
  partyName: string
  partyKind?: CreditPartyKind
  creditCode: string
  violation: string
  legalBasis: string
  decisionType?: string
  decision: string
  decisionDate: string | null
  authority: string
  documentNumber: string
  restrictionEndDate: string | null
}

const KIND_OPTIONS = CREDIT_PARTY_KINDS.map((kind) => ({
  value: kind.key,
  label: kind.label,
}))
const DECISION_OPTIONS = CREDIT_DECISION_TYPES.map((type) => ({
  value: type.key,
  label: type.label,
}))

const isPerson = (kind: string | undefined) =>
  kind !== undefined && PERSON_PARTY_KINDS.includes(kind as CreditPartyKind)

function PublicPeriodNote() {
  const decisionDate = Form.useWatch<string | null>('decisionDate')
  const restriction = Form.useWatch<string | null>('restrictionEndDate')
  if (!decisionDate || !/^\d{4}-\d{2}-\d{2}$/.test(decisionDate)) return null
  const until = creditPublicUntil(decisionDate, restriction ?? null)
  return (
    <p className={styles.fieldNote} aria-live="polite">
      公示期：{decisionDate} 至 {until}，期满后自动归档（仍可查询）。
    </p>
  )
}

function CreditFields({ rule }: KindFieldsProps) {
  const kind = Form.useWatch<string | undefined>('partyKind')
  return (
    <>
      <Form.Item
        label="当事人名称"
        name="partyName"
        required
        rules={[rule('partyName')]}
      >
        <Input maxLength={CREDIT_LIMITS.partyNameMax} />
      </Form.Item>
      <Form.Item
        label="当事人类别"
        name="partyKind"
        required
        rules={[rule('partyKind')]}
      >
        <Radio.Group options={KIND_OPTIONS} />
      </Form.Item>
      <Form.Item
        label="统一社会信用代码"
        name="creditCode"
        required={!isPerson(kind)}
        rules={[rule('creditCode')]}
        dependencies={['partyKind']}
        extra={
          isPerson(kind)
            ? '评标专家为自然人，可不填'
            : '18位，按 GB 32100-2015 校验'
        }
      >
        <Input maxLength={18} className={styles.codeInput} />
      </Form.Item>
      <Form.Item
        label="违法违规行为"
        name="violation"
        required
        rules={[rule('violation')]}
      >
        <Input.TextArea maxLength={CREDIT_LIMITS.violationMax} rows={3} />
      </Form.Item>
      <Form.Item
        label="处理依据"
        name="legalBasis"
        required
        rules={[rule('legalBasis')]}
        extra="所依据的法律、法规、规章条款"
      >
        <Input.TextArea maxLength={CREDIT_LIMITS.legalBasisMax} rows={2} />
      </Form.Item>
      <Form.Item
        label="决定类型"
        name="decisionType"
        required
        rules={[rule('decisionType')]}
      >
        <Radio.Group options={DECISION_OPTIONS} />
      </Form.Item>
      <Form.Item
        label="决定内容"
        name="decision"
        required
        rules={[rule('decision')]}
      >
        <Input.TextArea maxLength={CREDIT_LIMITS.decisionMax} rows={3} />
      </Form.Item>
      <div className={styles.fieldRow}>
        <Form.Item
          label="决定机关"
          name="authority"
          required
          rules={[rule('authority')]}
        >
          <Input maxLength={CREDIT_LIMITS.authorityMax} />
        </Form.Item>
        <Form.Item
          label="决定文号"
          name="documentNumber"
          rules={[rule('documentNumber')]}
        >
          <Input maxLength={CREDIT_LIMITS.documentNumberMax} />
        </Form.Item>
      </div>
      <div className={styles.fieldRow}>
        <DateField
          label="决定日期"
          name="decisionDate"
          rule={rule}
          isRequired
        />
        <DateField
          label="限制期限截止日期"
          name="restrictionEndDate"
          rule={rule}
          dependencies={['decisionDate']}
          extra="决定限制资格且期限长于六个月的，公示至该日"
        />
      </div>
      <PublicPeriodNote />
    </>
  )
}

export const creditForm = eraseValues<'credit', CreditValues>({
  empty: {
    partyName: '',
    creditCode: '',
    violation: '',
    legalBasis: '',
    decision: '',
    decisionDate: null,
    authority: '',
    documentNumber: '',
    restrictionEndDate: null,
  },
  valuesOf: (fields) => ({ ...fields }),
  inputOf: (values) => ({
    partyName: textOf(values.partyName),
    partyKind: values.partyKind,
    creditCode: textOf(values.creditCode),
    violation: textOf(values.violation),
    legalBasis: textOf(values.legalBasis),
    decisionType: values.decisionType,
    decision: textOf(values.decision),
    decisionDate: values.decisionDate ?? undefined,
    authority: textOf(values.authority),
    documentNumber: textOf(values.documentNumber),
    restrictionEndDate: values.restrictionEndDate ?? null,
  }),
  schema: CreditFieldsSchema,
  newMenuGroup: '信用信息',
  categoryOf: (fields) => creditPartyKind(fields.partyKind)?.value ?? 0,
  preview: { portalPage: 'credit' },
  titleOf: (fields) =>
    `${fields.partyName}${creditDecisionLabel(fields.decisionType)}`,
  Fields: CreditFields,
  read: (fields) => ({
    facts: [
      { key: 'partyName', label: '当事人名称', children: fields.partyName },
      {
        key: 'partyKind',
        label: '当事人类别',
        children: creditPartyKind(fields.partyKind)?.label ?? '',
      },
      {
        key: 'creditCode',
        label: '统一社会信用代码',
        children: orNone(fields.creditCode),
      },
      { key: 'violation', label: '违法违规行为', children: fields.violation },
      { key: 'legalBasis', label: '处理依据', children: fields.legalBasis },
      {
        key: 'decisionType',
        label: '决定类型',
        children: creditDecisionLabel(fields.decisionType),
      },
      { key: 'decision', label: '决定内容', children: fields.decision },
      { key: 'authority', label: '决定机关', children: fields.authority },
      {
        key: 'documentNumber',
        label: '决定文号',
        children: orNone(fields.documentNumber),
      },
      { key: 'decisionDate', label: '决定日期', children: fields.decisionDate },
      {
        key: 'restrictionEndDate',
        label: '限制期限截止日期',
        children: orNone(fields.restrictionEndDate),
      },
      {
        key: 'publicPeriod',
        label: '公示期',
        children: `${fields.decisionDate} 至 ${creditPublicUntil(fields.decisionDate, fields.restrictionEndDate)}`,
      },
    ],
  }),
})
