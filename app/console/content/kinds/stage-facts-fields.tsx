import { Checkbox, Form, type FormInstance, Input, Radio, Switch } from 'antd'

import { TRADE_STAGES, type TradeStageKey } from '#common/constants/trade.ts'
import {
  EVALUATION_METHODS,
  hasFacts,
  NOTICE_TYPES,
  type StageWithFacts,
} from '#common/schemas/content/stage-facts.ts'

import type { RuleOf } from './kind-form.ts'
import { DateField, DateTimeField } from './shared-fields.tsx'
import {
  BidRow,
  CandidateRow,
  FACTS,
  FactsList,
  fieldAt,
  NumberField,
  PartyFields,
  RejectedRow,
} from './stage-facts-lists.tsx'
import styles from '../content.module.css'

// A stage announcement's facts as data (common/schemas/content/stage-facts.ts), beside its body:
// the form holds them under `facts` as the schema names them, and `hasFacts` says whether they
// are given at all.

/** The facts as the form holds them: the schema's shape, with what is not typed yet empty. */
export type FactsValues = { stage: StageWithFacts } & Record<string, unknown>

const blankParty = () => ({ name: '', creditCode: undefined })

const blankBid = () => ({
  bidder: blankParty(),
  price: null,
  durationDays: null,
  quality: '',
  opened: true,
  rejectionReason: '',
})
const blankCandidate = (index: number) => ({
  rank: index + 1,
  bidder: blankParty(),
  price: null,
  score: null,
})
const blankRejected = () => ({ bidder: blankParty(), reason: '' })

export function blankFacts(stage: StageWithFacts): FactsValues {
  switch (stage) {
    case 'bidNotice':
      return {
        stage,
        documentsFrom: null,
        documentsUntil: null,
        bidDeadline: null,
        openingTime: null,
        openingPlace: '',
        ceilingPrice: null,
        bidBond: null,
        qualification: '',
        isRepeated: false,
      }
    case 'bidOpening':
      return { stage, bids: [] }
    case 'bidEvaluation':
      return {
        stage,
        reportDate: null,
        publicityStart: null,
        publicityEnd: null,
        committeeSize: null,
        candidates: [blankCandidate(0)],
        rejected: [],
      }
    case 'bidResult':
      return {
        stage,
        winner: blankParty(),
        price: null,
        awardNoticeDate: null,
        contractDate: null,
        contractAmount: null,
      }
  }
}

/** Facts belong to one stage: another stage starts without them. */
export function clearFactsUnless(form: FormInstance, stage: unknown) {
  const facts = form.getFieldValue('facts') as FactsValues | null | undefined
  if (facts && facts.stage !== stage)
    form.setFieldsValue({ facts: null, hasFacts: false })
}

const at = (...keys: string[]) => ['facts', ...keys]

const WATCH_ALL = { preserve: true }

function TenderNoticeFields({ rule }: { rule: RuleOf }) {
  return (
    <>
      <Form.Item
        label="公告类型"
        required
        {...fieldAt(FACTS, rule, 'noticeType')}
      >
        <Radio.Group
          aria-label="公告类型"
          options={NOTICE_TYPES.map((type) => ({ value: type, label: type }))}
        />
      </Form.Item>
      <div className={styles.fieldRow}>
        <DateField
          label="文件发售开始日期"
          name={at('documentsFrom')}
          rule={rule}
          isRequired
        />
        <DateField
          label="文件发售截止日期"
          name={at('documentsUntil')}
          rule={rule}
          isRequired
          dependencies={[at('documentsFrom')]}
        />
      </div>
      <div className={styles.fieldRow}>
        <DateTimeField
          label="投标截止时间"
          name={at('bidDeadline')}
          rule={rule}
          isRequired
          dependencies={[at('documentsFrom')]}
        />
        <DateTimeField
          label="开标时间"
          name={at('openingTime')}
          rule={rule}
          dependencies={[at('bidDeadline')]}
        />
      </div>
      <Form.Item label="开标地点" {...fieldAt(FACTS, rule, 'openingPlace')}>
        <Input maxLength={200} />
      </Form.Item>
      <div className={styles.fieldRow}>
        <NumberField
          label="最高投标限价（元）"
          at={FACTS}
          field="ceilingPrice"
          rule={rule}
          extra="未设最高投标限价的不填"
        />
        <NumberField
          label="投标保证金（元）"
          at={FACTS}
          field="bidBond"
          rule={rule}
          extra="不要求投标保证金的不填"
        />
      </div>
      <Form.Item label="资质要求" {...fieldAt(FACTS, rule, 'qualification')}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
      <Form.Item
        label="是否重新招标"
        valuePropName="checked"
        extra="前次招标失败后依法重新招标的（招标投标法第二十八条）"
        {...fieldAt(FACTS, rule, 'isRepeated')}
      >
        <Switch checkedChildren="是" unCheckedChildren="否" />
      </Form.Item>
    </>
  )
}

function EvaluationFields({ rule }: { rule: RuleOf }) {
  return (
    <>
      <Form.Item label="评标办法" required {...fieldAt(FACTS, rule, 'method')}>
        <Radio.Group
          aria-label="评标办法"
          options={EVALUATION_METHODS.map((method) => ({
            value: method,
            label: method,
          }))}
        />
      </Form.Item>
      <div className={styles.fieldRow}>
        <DateField
          label="评标报告提交日期"
          name={at('reportDate')}
          rule={rule}
          isRequired
        />
        <DateField
          label="公示开始日期"
          name={at('publicityStart')}
          rule={rule}
          isRequired
          dependencies={[at('reportDate')]}
        />
        <DateField
          label="公示结束日期"
          name={at('publicityEnd')}
          rule={rule}
          isRequired
          dependencies={[at('publicityStart')]}
        />
        <NumberField
          label="评标委员会人数"
          at={FACTS}
          field="committeeSize"
          rule={rule}
          isRequired
          isWhole
          min={1}
          max={99}
        />
      </div>
      <h4 className={styles.factsListTitle}>中标候选人</h4>
      <FactsList
        list="candidates"
        rowName={(index) => `第${index + 1}家中标候选人`}
        addText="添加中标候选人"
        blank={blankCandidate}
        max={10}
        rule={rule}
        Row={CandidateRow}
      />
      <h4 className={styles.factsListTitle}>被否决的投标</h4>
      <FactsList
        list="rejected"
        rowName={(index) => `第${index + 1}家被否决的投标人`}
        addText="添加被否决的投标人"
        blank={blankRejected}
        max={200}
        rule={rule}
        Row={RejectedRow}
      />
    </>
  )
}

function ResultFields({ rule }: { rule: RuleOf }) {
  return (
    <>
      <PartyFields
        at={FACTS}
        field="winner"
        nameLabel="中标人名称"
        rule={rule}
      />
      <div className={styles.fieldRow}>
        <NumberField
          label="中标价（元）"
          at={FACTS}
          field="price"
          rule={rule}
          isRequired
        />
        <DateField
          label="中标通知书发出日期"
          name={at('awardNoticeDate')}
          rule={rule}
          isRequired
        />
      </div>
      <div className={styles.fieldRow}>
        <DateField
          label="合同签订日期"
          name={at('contractDate')}
          rule={rule}
          extra="合同签订后填写"
        />
        <NumberField
          label="合同金额（元）"
          at={FACTS}
          field="contractAmount"
          rule={rule}
        />
      </div>
    </>
  )
}

function FieldsOfStage({
  stage,
  rule,
}: {
  stage: StageWithFacts
  rule: RuleOf
}) {
  switch (stage) {
    case 'bidNotice':
      return <TenderNoticeFields rule={rule} />
    case 'bidOpening':
      return (
        <FactsList
          list="bids"
          rowName={(index) => `第${index + 1}家投标人`}
          addText="添加投标人"
          blank={blankBid}
          max={200}
          rule={rule}
          Row={BidRow}
        />
      )
    case 'bidEvaluation':
      return <EvaluationFields rule={rule} />
    case 'bidResult':
      return <ResultFields rule={rule} />
  }
}

/** 「结构化信息」 of the chosen stage, when it has any; none of another. */
export function StageFactsSection({ rule }: { rule: RuleOf }) {
  const form = Form.useFormInstance()
  // From the form's values, not its mounted fields: the switch mounts with the section.
  const stage = Form.useWatch<TradeStageKey | undefined>('stage', WATCH_ALL)
  const isGiven = Form.useWatch<boolean | undefined>('hasFacts', WATCH_ALL)
  if (!stage || !hasFacts(stage)) return null
  return (
    <fieldset className={styles.facts}>
      <legend>结构化信息</legend>
      <p className={styles.listNote}>
        {TRADE_STAGES[stage]}
        的主要事项，以数据保存，供监督检查核对；可暂不填写。
      </p>
      <Form.Item name="hasFacts" valuePropName="checked">
        <Checkbox
          onChange={(event) => {
            const facts = form.getFieldValue('facts') as FactsValues | null
            // Switched on: the stage's empty facts, unless the form holds them already.
            if (event.target.checked && facts?.stage !== stage)
              form.setFieldValue('facts', blankFacts(stage))
          }}
        >
          填写结构化信息
        </Checkbox>
      </Form.Item>
      {isGiven ? <FieldsOfStage stage={stage} rule={rule} /> : null}
    </fieldset>
  )
}
