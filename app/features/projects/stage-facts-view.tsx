import { type ReactNode, useId } from 'react'

import { type Fact, FactList } from '#app/components/ui/fact-list.tsx'
import type {
  BidEvaluationFacts,
  BidOpeningFacts,
  BidResultFacts,
  Party,
  StageFacts,
  TenderNoticeFacts,
} from '#common/schemas/content/stage-facts.ts'

import { formatYuan } from './project-format.ts'
import styles from './stage-facts.module.css'

// 公告要素: the facts the announcement publishes, as data beside its text. Published facts only:
// names and credit codes are public in these announcements; no checks or judgements here.

const NONE = '—'
const yuanOrNone = (amount: number | null) =>
  amount === null ? NONE : formatYuan(amount)
const minute = (time: string) => time.slice(0, 16)

type Column = { label: string; isNumber?: boolean }
const figure = (label: string): Column => ({ label, isNumber: true })

export function StageFactsView({ facts }: { facts: StageFacts }) {
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className={styles.block}>
      <h3 id={titleId} className={styles.title}>
        公告要素
      </h3>
      {facts.stage === 'bidNotice' ? (
        <NoticeFacts facts={facts} />
      ) : facts.stage === 'bidOpening' ? (
        <OpeningFacts facts={facts} />
      ) : facts.stage === 'bidEvaluation' ? (
        <EvaluationFacts facts={facts} />
      ) : (
        <ResultFacts facts={facts} />
      )}
    </section>
  )
}

function PartyName({ party }: { party: Party }) {
  return (
    <>
      {party.name}
      <span className={styles.creditCode}>
        统一社会信用代码：{party.creditCode}
      </span>
    </>
  )
}

function NoticeFacts({ facts }: { facts: TenderNoticeFacts }) {
  const opening = [
    facts.openingTime ? minute(facts.openingTime) : '',
    facts.openingPlace,
  ].filter(Boolean)
  const list: Fact[] = [
    { label: '公告类型', value: facts.noticeType },
    {
      label: '文件发售期',
      value: `${facts.documentsFrom} 至 ${facts.documentsUntil}`,
    },
    { label: '投标截止时间', value: minute(facts.bidDeadline) },
    {
      label: '开标时间及地点',
      value: opening.length ? opening.join('，') : NONE,
    },
    { label: '最高投标限价（元）', value: yuanOrNone(facts.ceilingPrice) },
    { label: '投标保证金（元）', value: yuanOrNone(facts.bidBond) },
    { label: '资质要求', value: facts.qualification || NONE, isWide: true },
    ...(facts.isRepeated ? [{ label: '重新招标', value: '是' }] : []),
  ]
  return <FactList classes={styles} facts={list} />
}

function OpeningFacts({ facts }: { facts: BidOpeningFacts }) {
  if (facts.bids.length === 0)
    return <p className={styles.empty}>开标记录未列出投标人。</p>
  return (
    <FactsTable
      caption={`开标记录（共 ${facts.bids.length} 家投标人）`}
      size="wideTable"
      columns={[
        figure('序号'),
        { label: '投标人' },
        figure('投标报价（元）'),
        figure('工期（日历天）'),
        { label: '质量承诺' },
        { label: '开标情况' },
      ]}
    >
      {facts.bids.map((bid, i) => (
        <tr key={bid.bidder.creditCode}>
          <td className={styles.number}>{i + 1}</td>
          <th scope="row">
            <PartyName party={bid.bidder} />
          </th>
          <td className={styles.number}>{formatYuan(bid.price)}</td>
          <td className={styles.number}>{bid.durationDays ?? NONE}</td>
          <td>{bid.quality || NONE}</td>
          <td>{bid.opened ? '已开启' : `未开启：${bid.rejectionReason}`}</td>
        </tr>
      ))}
    </FactsTable>
  )
}

function EvaluationFacts({ facts }: { facts: BidEvaluationFacts }) {
  return (
    <>
      <FactList
        classes={styles}
        facts={[
          { label: '评标办法', value: facts.method },
          { label: '评标报告提交日期', value: facts.reportDate },
          {
            label: '公示期',
            value: `${facts.publicityStart} 至 ${facts.publicityEnd}`,
          },
          { label: '评标委员会人数', value: `${facts.committeeSize} 人` },
        ]}
      />
      <FactsTable
        caption="中标候选人"
        columns={[
          figure('名次'),
          { label: '中标候选人' },
          figure('投标报价（元）'),
          figure('评标得分'),
        ]}
      >
        {facts.candidates.map((candidate) => (
          <tr key={candidate.bidder.creditCode}>
            <td className={styles.number}>{candidate.rank}</td>
            <th scope="row">
              <PartyName party={candidate.bidder} />
            </th>
            <td className={styles.number}>{formatYuan(candidate.price)}</td>
            <td className={styles.number}>{candidate.score ?? NONE}</td>
          </tr>
        ))}
      </FactsTable>
      {facts.rejected.length > 0 ? (
        <FactsTable
          caption="被否决的投标"
          size="narrowTable"
          columns={[{ label: '被否决投标人' }, { label: '否决理由' }]}
        >
          {facts.rejected.map((rejected) => (
            <tr key={rejected.bidder.creditCode}>
              <th scope="row">
                <PartyName party={rejected.bidder} />
              </th>
              <td>{rejected.reason}</td>
            </tr>
          ))}
        </FactsTable>
      ) : null}
    </>
  )
}

function ResultFacts({ facts }: { facts: BidResultFacts }) {
  return (
    <FactList
      classes={styles}
      facts={[
        {
          label: '中标人',
          value: <PartyName party={facts.winner} />,
          isWide: true,
        },
        { label: '中标价（元）', value: formatYuan(facts.price) },
        { label: '中标通知书发出日期', value: facts.awardNoticeDate },
        { label: '合同签订日期', value: facts.contractDate ?? NONE },
        { label: '合同金额（元）', value: yuanOrNone(facts.contractAmount) },
      ]}
    />
  )
}

// A table wider than a phone scrolls sideways in its own box, which the keyboard reaches and the
// caption names; the page itself never does (as the complaint's deadline table). A narrow one
// wraps instead, and scrolls only when larger text (the 适老化 mode) makes it wider.
function FactsTable({
  caption,
  columns,
  size = 'mediumTable',
  children,
}: {
  caption: string
  columns: Column[]
  size?: 'narrowTable' | 'mediumTable' | 'wideTable'
  children: ReactNode
}) {
  const id = useId()
  const hasHint = size !== 'narrowTable'
  return (
    <div className={`${styles.tableArea} ${styles[size]}`}>
      {hasHint ? (
        <p id={`${id}-hint`} className={styles.scrollHint}>
          左右滑动查看更多
        </p>
      ) : null}
      <div
        className="portal-table-scroll"
        role="region"
        aria-labelledby={`${id}-caption`}
        aria-describedby={hasHint ? `${id}-hint` : undefined}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
      >
        <table className={styles.table}>
          <caption id={`${id}-caption`}>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.label}
                  scope="col"
                  className={column.isNumber ? styles.number : undefined}
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </div>
  )
}
