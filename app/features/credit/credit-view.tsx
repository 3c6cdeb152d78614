import { Link } from 'react-router'

import { FactList, type Fact } from '#app/components/ui/fact-list.tsx'
import { StatusTag } from '#app/components/ui/status-tag.tsx'
import type { CreditDetail } from '#common/schemas/credit.ts'

import { publicPeriod, STATUS_TONES, writtenDate } from './credit-format.ts'
import { creditListHref, creditListPath } from './credit-list-query.ts'
import styles from './credit.module.css'

export function CreditView({ record }: { record: CreditDetail }) {
  if (record.isWithdrawn)
    return (
      <article className="portal-panel">
        <h1 className={styles.title}>信用记录已撤回</h1>
        <p className={styles.withdrawn}>
          本信用记录已于{writtenDate(record.withdrawal.at)}
          撤回。撤回原因：{record.withdrawal.reason}
        </p>
        <p>
          <Link to={creditListPath}>返回信用信息列表</Link>
        </p>
      </article>
    )
  const facts: Fact[] = [
    { label: '当事人名称', value: record.partyName, isWide: true },
    { label: '当事人类别', value: record.partyKindName },
    {
      label: '统一社会信用代码',
      value: record.creditCode ?? '（自然人，无）',
    },
    { label: '违法违规行为', value: record.violation, isWide: true },
    { label: '处理依据', value: record.legalBasis, isWide: true },
    { label: '决定类型', value: record.decisionTypeName },
    { label: '决定文号', value: record.documentNumber || '（无）' },
    { label: '决定内容', value: record.decision, isWide: true },
    { label: '决定机关', value: record.authority },
    { label: '决定日期', value: record.decisionDate },
    ...(record.restrictionEndDate
      ? [{ label: '限制期限至', value: record.restrictionEndDate }]
      : []),
    { label: '公示期', value: publicPeriod(record) },
    {
      label: '公示状态',
      value: (
        <StatusTag tone={STATUS_TONES[record.status]}>
          {record.statusName}
        </StatusTag>
      ),
    },
    { label: '发布时间', value: record.publishTime },
  ]
  return (
    <article className="portal-panel">
      <h1 className={styles.title}>
        {record.partyName}
        {record.decisionTypeName}
      </h1>
      {record.status === 'archived' ? (
        <p className={styles.archived}>
          本记录公示期已于{writtenDate(record.publicUntil)}
          届满，已归档，仍可免费查询。
        </p>
      ) : null}
      {record.correction ? (
        <p className={styles.correction}>
          <strong>更正</strong>（{writtenDate(record.correction.at)}）
          {record.correction.note}
        </p>
      ) : null}
      <FactList facts={facts} classes={styles} />
      <p className={styles.back}>
        <Link
          to={creditListHref(
            { page: 1, keyword: '', kind: '', year: 0, status: 'public' },
            { status: record.status },
          )}
        >
          返回{record.status === 'public' ? '公示中' : '已归档'}的信用记录
        </Link>
      </p>
    </article>
  )
}
