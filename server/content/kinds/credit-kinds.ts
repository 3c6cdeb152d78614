import {
  creditDecisionLabel,
  creditPartyKind,
  creditPublicUntil,
} from '#common/constants/credit.ts'
import {
  CreditFieldsSchema,
  type CreditFields,
} from '#common/schemas/content/credit-fields.ts'
import { findCreditRecord } from '#server/credit/credit-repository.ts'
import { creditRecordTitle } from '#server/credit/credit-search-source.ts'
import { shanghaiDay, toCreditDetail } from '#server/credit/credit-service.ts'
import {
  type CreditRow,
  publishCreditRecord,
  publishCreditRecords,
  withdrawCreditRecord,
} from '#server/credit/credit-writer.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'

import type {
  ContentKindDefinition,
  ContentPublisher,
} from './kind-definition.ts'

// Its public period follows from the decision's date (server/credit).

function creditRow(fields: CreditFields, publishedAt: Date): CreditRow {
  const at = toShanghaiText(publishedAt)
  return {
    partyName: fields.partyName,
    partyKind: fields.partyKind,
    creditCode: fields.creditCode || null,
    violation: fields.violation,
    legalBasis: fields.legalBasis,
    decisionType: fields.decisionType,
    decision: fields.decision,
    decisionDate: fields.decisionDate,
    authority: fields.authority,
    documentNumber: fields.documentNumber,
    restrictionEndDate: fields.restrictionEndDate,
    publicUntil: creditPublicUntil(
      fields.decisionDate,
      fields.restrictionEndDate,
    ),
    publishTime: at,
    createdAt: at,
  }
}

// A correction (更正) writes its time and note; a later revision that is none keeps them.
const correctionColumns = (
  correction: { note: string } | null,
  publishedAt: Date,
) =>
  correction
    ? {
        correctedAt: toShanghaiText(publishedAt),
        correctionNote: correction.note,
      }
    : {}

const creditPublisher: ContentPublisher<CreditFields> = {
  publish: (
    db,
    { publicId, fields, isFirstPublication, publishedAt, correction },
  ) =>
    publishCreditRecord(db, {
      id: publicId,
      row: {
        ...creditRow(fields, publishedAt),
        ...correctionColumns(correction, publishedAt),
      },
      isFirstPublication,
    }),
  withdraw: withdrawCreditRecord,
  publishMany: (db, entries) =>
    publishCreditRecords(
      db,
      entries.map(({ fields, publishedAt }) => creditRow(fields, publishedAt)),
    ),
  async preview(db, { publicId, fields, publishAt, correction }) {
    const stored =
      publicId === null ? undefined : await findCreditRecord(db, publicId)
    const row = creditRow(fields, publishAt)
    // As it will read once approved: its first publication's time kept, this revision's
    // correction or else the one published before; its status on the day it appears.
    return toCreditDetail(
      {
        ...row,
        id: publicId ?? 0,
        publishTime: stored?.publishTime ?? row.publishTime,
        correctedAt: correction
          ? toShanghaiText(publishAt)
          : (stored?.correctedAt ?? null),
        correctionNote: correction
          ? correction.note
          : (stored?.correctionNote ?? ''),
        withdrawnAt: null,
        withdrawalReason: null,
      },
      shanghaiDay(publishAt),
    )
  },
}

// 信用记录: one party's penalty or handling decision (/credit/detail?id=…).
export const creditKind: ContentKindDefinition<CreditFields> = {
  kind: 'credit',
  schema: CreditFieldsSchema,
  normalize: (fields) => fields,
  listing: (fields) => ({
    title: creditRecordTitle(fields),
    categoryId: creditPartyKind(fields.partyKind)?.value ?? null,
  }),
  files: () => ({ attachments: [], cover: null, images: [] }),
  readable: (fields) => [
    { field: 'partyName', label: '当事人名称', text: fields.partyName },
    {
      field: 'partyKind',
      label: '当事人类别',
      text: creditPartyKind(fields.partyKind)?.label ?? '',
    },
    { field: 'creditCode', label: '统一社会信用代码', text: fields.creditCode },
    { field: 'violation', label: '违法违规行为', text: fields.violation },
    { field: 'legalBasis', label: '处理依据', text: fields.legalBasis },
    {
      field: 'decisionType',
      label: '决定类型',
      text: creditDecisionLabel(fields.decisionType),
    },
    { field: 'decision', label: '决定内容', text: fields.decision },
    { field: 'decisionDate', label: '决定日期', text: fields.decisionDate },
    { field: 'authority', label: '决定机关', text: fields.authority },
    { field: 'documentNumber', label: '决定文号', text: fields.documentNumber },
    {
      field: 'restrictionEndDate',
      label: '限制期限截止日期',
      text: fields.restrictionEndDate ?? '',
    },
  ],
  publicPath: (publicId) => `/credit/detail?id=${publicId}`,
  publisher: creditPublisher,
}
