import { describe, expect, it } from 'vitest'

import { ComplaintApplicationSchema } from '#common/schemas/complaint/complaint-filing.ts'

import { toApplication, type ApplyValues } from './apply-values.ts'

const file = (id: string, name: string) => ({
  id,
  name,
  url: `/files/${id}/${name}`,
  type: 1 as const,
})

const values: ApplyValues = {
  project: {
    id: 'p1',
    name: '塔里木河干流防洪治理工程',
    code: 'XJSL-2026-001',
  },
  complainant: {
    type: 'legal_person',
    role: 'bidder',
    name: '新疆天山水利建设有限公司',
    idNumber: '91650100MA77XCW12K',
    legalRepresentative: '王建国',
    address: '乌鲁木齐市天山区解放北路1号',
  },
  contact: { name: '李明', phone: '13899001122' },
  respondents: [{ role: 'committee', name: '本项目评标委员会' }],
  complaintType: 'evaluation_result',
  objection: {
    objectionDate: '2026-11-10',
    replyStatus: 'replied',
    replyDate: '2026-11-12',
    files: [file('objection01', '异议书.pdf')],
  },
  factsHtml:
    '<p>评标委员会未按招标文件规定的评标标准和方法评审，将我公司业绩错误认定为无效。</p>',
  requests: '请求重新评审',
  evidenceFiles: [
    file('evidence01', '业绩证明.pdf'),
    file('evidence02', '评分表.xlsx'),
  ],
  captcha: 'AB12',
  smsCode: '123456',
}

/** A draft's client key as crypto.randomUUID draws it. */
const KEY = '0f8fad5b-d9cb-469f-a165-70867728950e'

describe('the application from the form', () => {
  it('sends file ids, and parses as the submission schema', () => {
    const application = toApplication(values, {
      formFileId: 'formfile01',
      smsCode: '123456',
      clientKey: KEY,
    })
    expect(application.evidenceFileIds).toEqual(['evidence01', 'evidence02'])
    expect(application.objection?.fileIds).toEqual(['objection01'])
    expect(application).not.toHaveProperty('captcha')
    expect(
      ComplaintApplicationSchema.safeParse(application).error?.issues,
    ).toBeUndefined()
  })

  it('drops the objection for a complaint of type 其他', () => {
    const application = toApplication(
      { ...values, complaintType: 'other' },
      { formFileId: 'formfile01', smsCode: '123456', clientKey: KEY },
    )
    expect(application.objection).toBeUndefined()
    expect(ComplaintApplicationSchema.safeParse(application).success).toBe(true)
  })

  it('lets the schema name a missing objection at its field', () => {
    const result = ComplaintApplicationSchema.safeParse(
      toApplication(
        { ...values, objection: undefined },
        { formFileId: 'formfile01', smsCode: '123456', clientKey: KEY },
      ),
    )
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(
      'objection',
    )
  })
})
