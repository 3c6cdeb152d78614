import {
  creditDecisionLabel,
  creditPartyKind,
} from '#common/constants/credit.ts'
import type { CreditRecordRow } from '#server/db/schema.ts'
import type { SearchDocumentInput } from '#server/search/search-index.ts'
import {
  type SearchSource,
  searchSource,
} from '#server/search/search-sources.ts'

import {
  countCreditRecords,
  findCreditRecordsAfter,
  type CreditSummaryRow,
} from './credit-repository.ts'

export const creditRecordTitle = (row: {
  partyName: string
  decisionType: string
}) => `${row.partyName}${creditDecisionLabel(row.decisionType)}`

// Archived records stay in the index (暂行办法 art. 11: still searchable free of charge).
export function creditSearchDocument(
  row: Omit<CreditSummaryRow, 'publicUntil'> &
    Pick<CreditRecordRow, 'legalBasis' | 'decision'>,
): SearchDocumentInput {
  const kind = creditPartyKind(row.partyKind)
  return {
    type: 'credit',
    refId: row.id,
    categoryId: kind?.value ?? null,
    subTypeName: kind?.label ?? '',
    title: creditRecordTitle(row),
    body: [
      `当事人：${row.partyName}`,
      row.creditCode ? `统一社会信用代码：${row.creditCode}` : '',
      `违法违规行为：${row.violation}`,
      `处理依据：${row.legalBasis}`,
      `决定内容：${row.decision}`,
      `决定机关：${row.authority}`,
      row.documentNumber ? `决定文号：${row.documentNumber}` : '',
      `决定日期：${row.decisionDate}`,
    ]
      .filter(Boolean)
      // One full stop between the parts, whether or not a text ends with its own.
      .map((part) => part.replace(/[。；;，,.\s]+$/u, ''))
      .join('。'),
    publishTime: row.publishTime,
  }
}

export const creditSearchSource: SearchSource = searchSource(
  countCreditRecords,
  findCreditRecordsAfter,
  creditSearchDocument,
)
