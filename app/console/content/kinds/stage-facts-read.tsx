import { Descriptions, type DescriptionsProps, Table } from 'antd'

import { TableScroll } from '#app/console/components/table-scroll.tsx'
import {
  type BidEvaluationFacts,
  type BidResultFacts,
  type Candidate,
  hasFacts,
  type OpenedBid,
  type RejectedBid,
  type StageFacts,
  type TenderNoticeFacts,
} from '#common/schemas/content/stage-facts.ts'

import { orNone, type ReadSection } from './kind-form.ts'
import styles from '../content.module.css'

// A stage's facts as a reviewer reads them before they are published: rows of label and value,
// and the lists as small tables that scroll sideways on a phone.

type Items = NonNullable<DescriptionsProps['items']>

const yuan = (value: number | null) =>
  value === null
    ? '（未填写）'
    : value.toLocaleString('zh-CN', {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      })
const row = (key: string, label: string, children: string) => ({
  key,
  label,
  children,
})

const noticeItems = (facts: TenderNoticeFacts): Items => [
  row('noticeType', '公告类型', facts.noticeType),
  row('documentsFrom', '文件发售开始日期', facts.documentsFrom),
  row('documentsUntil', '文件发售截止日期', facts.documentsUntil),
  row('bidDeadline', '投标截止时间', facts.bidDeadline),
  row('openingTime', '开标时间', orNone(facts.openingTime)),
  row('openingPlace', '开标地点', orNone(facts.openingPlace)),
  row('ceilingPrice', '最高投标限价（元）', yuan(facts.ceilingPrice)),
  row('bidBond', '投标保证金（元）', yuan(facts.bidBond)),
  row('qualification', '资质要求', orNone(facts.qualification)),
  row('isRepeated', '是否重新招标', facts.isRepeated ? '是' : '否'),
]

const evaluationItems = (facts: BidEvaluationFacts): Items => [
  row('method', '评标办法', facts.method),
  row('reportDate', '评标报告提交日期', facts.reportDate),
  row('publicityStart', '公示开始日期', facts.publicityStart),
  row('publicityEnd', '公示结束日期', facts.publicityEnd),
  row('committeeSize', '评标委员会人数', String(facts.committeeSize)),
]

const resultItems = (facts: BidResultFacts): Items => [
  row('winner', '中标人名称', facts.winner.name),
  row('creditCode', '统一社会信用代码', facts.winner.creditCode),
  row('price', '中标价（元）', yuan(facts.price)),
  row('awardNoticeDate', '中标通知书发出日期', facts.awardNoticeDate),
  row('contractDate', '合同签订日期', orNone(facts.contractDate)),
  row('contractAmount', '合同金额（元）', yuan(facts.contractAmount)),
]

const name = {
  title: '名称',
  render: (_: unknown, r: { bidder: { name: string } }) => r.bidder.name,
}
const code = {
  title: '统一社会信用代码',
  render: (_: unknown, r: { bidder: { creditCode: string } }) =>
    r.bidder.creditCode,
}

function FactsTable<T extends object>({
  title,
  rows,
  minWidth,
  columns,
}: {
  title: string
  rows: T[]
  minWidth: number
  columns: {
    title: string
    render: (value: unknown, row: T) => string
    align?: 'right'
  }[]
}) {
  return (
    <>
      <h4 className={styles.factsListTitle}>
        {title}（{rows.length}）
      </h4>
      <TableScroll label={`${title}表格`} minWidth={minWidth}>
        <Table<T>
          rowKey={(each) => String(rows.indexOf(each))}
          size="small"
          pagination={false}
          dataSource={rows}
          locale={{ emptyText: '（无）' }}
          columns={columns.map((column) => ({ ...column, key: column.title }))}
        />
      </TableScroll>
    </>
  )
}

function BidsTable({ bids }: { bids: OpenedBid[] }) {
  return (
    <FactsTable<OpenedBid>
      title="投标人"
      rows={bids}
      minWidth={880}
      columns={[
        { ...name, title: '投标人名称' },
        code,
        {
          title: '投标报价（元）',
          render: (_, bid) => yuan(bid.price),
          align: 'right',
        },
        {
          title: '工期（日历天）',
          render: (_, bid) => orNone(bid.durationDays?.toString()),
        },
        { title: '质量承诺', render: (_, bid) => orNone(bid.quality) },
        {
          title: '是否开启',
          render: (_, bid) =>
            bid.opened ? '已开启' : `未开启：${bid.rejectionReason}`,
        },
      ]}
    />
  )
}

function EvaluationLists({ facts }: { facts: BidEvaluationFacts }) {
  return (
    <>
      <FactsTable<Candidate>
        title="中标候选人"
        rows={facts.candidates}
        minWidth={720}
        columns={[
          { title: '名次', render: (_, c) => `第${c.rank}名` },
          name,
          code,
          {
            title: '投标报价（元）',
            render: (_, c) => yuan(c.price),
            align: 'right',
          },
          {
            title: '评标得分',
            render: (_, c) => orNone(c.score?.toString()),
            align: 'right',
          },
        ]}
      />
      <FactsTable<RejectedBid>
        title="被否决的投标"
        rows={facts.rejected}
        minWidth={640}
        columns={[
          name,
          code,
          { title: '否决理由', render: (_, r) => r.reason },
        ]}
      />
    </>
  )
}

function StageFactsView({ facts }: { facts: StageFacts }) {
  const items =
    facts.stage === 'bidNotice'
      ? noticeItems(facts)
      : facts.stage === 'bidEvaluation'
        ? evaluationItems(facts)
        : facts.stage === 'bidResult'
          ? resultItems(facts)
          : []
  return (
    <>
      {items.length > 0 ? (
        <Descriptions bordered size="small" column={1} items={items} />
      ) : null}
      {facts.stage === 'bidOpening' ? <BidsTable bids={facts.bids} /> : null}
      {facts.stage === 'bidEvaluation' ? (
        <EvaluationLists facts={facts} />
      ) : null}
    </>
  )
}

/** The section 「结构化信息」 of a stage that has facts; none for another stage. */
export function stageFactsSection(
  stage: string,
  facts: StageFacts | null,
): ReadSection[] {
  if (!hasFacts(stage)) return []
  return [
    {
      key: 'facts',
      title: '结构化信息',
      content: facts ? (
        <StageFactsView facts={facts} />
      ) : (
        <p className={styles.listNote}>未填写</p>
      ),
    },
  ]
}
