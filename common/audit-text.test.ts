import { describe, expect, it } from 'vitest'

import {
  auditDetailText,
  auditTargetText,
  contentAuditTarget,
} from './audit-text.ts'

describe('the audit log in Chinese', () => {
  it('names a content item by its number and title, and an older entry by its number', () => {
    expect(
      contentAuditTarget(423, '关于2026年度水利工程招标投标专项检查的通知'),
    ).toBe('内容 423《关于2026年度水利工程招标投标专项检查的通知》')
    expect(contentAuditTarget(7, '长'.repeat(50))).toBe(
      `内容 7《${'长'.repeat(40)}...》`,
    )
    expect(auditTargetText('content/items/423')).toBe('内容 423')
    expect(auditTargetText('202611020001')).toBe('202611020001')
  })

  it('says each recorded fact under its Chinese name, values in words', () => {
    expect(
      auditDetailText({
        revisionNo: 3,
        state: 'published',
        comment: '请补充依据。',
      }),
    ).toBe('修订号：3；状态：已发布；意见：请补充依据。')
    expect(
      auditDetailText({
        conclusion: 'partly_substantiated',
        personalNames: ['艾尔肯', '周某'],
        state: 'decided',
        isCorrection: false,
        note: null,
      }),
    ).toBe(
      '处理结论：部分属实；公开版隐去的姓名：艾尔肯、周某；状态：已处理；更正：否；告知投诉人：无',
    )
    expect(
      auditDetailText({
        filter: { from: '2026-11-01', action: 'session.sign-in' },
      }),
    ).toBe('查询条件：（起始时间：2026-11-01；操作：session.sign-in）')
    // A key nobody named yet is shown as it is, not dropped.
    expect(auditDetailText({ somethingNew: 1 })).toBe('somethingNew：1')
  })
})
