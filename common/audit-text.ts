import { REVISION_STATE_LABELS } from './constants/content.ts'
import { COMPLAINT_CONCLUSIONS, COMPLAINT_STATES } from './constants/statute.ts'
import { ellipsis } from './text.ts'

// The audit log as an auditor reads it (issue 26, point 8): what an entry acted on, named by
// its number and title, and what it recorded, in Chinese. Shared by the console's table and
// the CSV export, so both say the same.

/** A content item as the audit log names it: searchable by number or title. */
export const contentAuditTarget = (id: number, title?: string | null) =>
  title ? `内容 ${id}《${ellipsis(title, 40)}》` : `内容 ${id}`

/** Entries written before items were named by title: `content/items/423` reads 内容 423. */
export function auditTargetText(target: string): string {
  const older = /^content\/items\/(\d+)$/.exec(target)
  return older ? `内容 ${older[1]}` : target
}

const KEY_LABELS: Record<string, string> = {
  kind: '类型',
  revisionNo: '修订号',
  title: '标题',
  isCorrection: '更正',
  state: '状态',
  reason: '理由',
  publicId: '公开编号',
  unscheduled: '取消的定时发布',
  publishAt: '定时发布时间',
  comment: '意见',
  name: '名称',
  mime: '文件类型',
  size: '大小（字节）',
  status: '状态码',
  filter: '查询条件',
  passwordSet: '已设置密码',
  factorEnrolled: '已绑定验证器',
  endedSessions: '结束的登录会话数',
  tries: '尝试次数',
  cause: '原因',
  method: '方式',
  subject: '统一身份认证标识',
  displayName: '姓名',
  roles: '角色',
  before: '原为',
  after: '改为',
  isDisabled: '停用',
  expiredAt: '过期时间',
  expiresAt: '到期时间',
  request: '请求',
  eventId: '办理经过编号',
  note: '告知投诉人',
  internalNote: '内部意见',
  conclusion: '处理结论',
  findings: '调查认定的事实',
  basis: '处理依据',
  decision: '处理决定',
  personalNames: '公开版隐去的姓名',
  summary: '公开的处理结果摘要',
  assigneeId: '承办人账号编号',
  complaintNos: '投诉编号',
  changed: '变更件数',
  year: '年份',
  period: '统计周期',
  reply: '答复内容',
  isPublic: '公开',
  items: '需补正的材料',
  workdays: '工作日数',
  receiver: '移交机关',
  statement: '延期说明',
  approvedBy: '批准负责人',
  place: '调查地点',
  interviewee: '被调查人',
  interviewer: '调查人',
  occurredAt: '时间',
  content: '内容',
  isVisibleToComplainant: '投诉人可见',
  accountName: '账号名',
  from: '起始时间',
  to: '截止时间',
  action: '操作',
  target: '对象',
  outcome: '结果',
}

const VALUE_LABELS: Record<string, Record<string, string>> = {
  state: {
    ...REVISION_STATE_LABELS,
    ...Object.fromEntries(COMPLAINT_STATES.map((s) => [s.value, s.label])),
  },
  conclusion: Object.fromEntries(
    COMPLAINT_CONCLUSIONS.map((c) => [c.value, c.label]),
  ),
  period: { month: '按月', quarter: '按季度' },
  method: { password: '密码和动态验证码', oidc: '统一身份认证' },
  outcome: { ok: '成功', refused: '拒绝' },
}

function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '无'
  if (value === true) return '是'
  if (value === false) return '否'
  if (Array.isArray(value))
    return value.length === 0
      ? '无'
      : value.map((v) => valueText(key, v)).join('、')
  if (typeof value === 'object')
    return `（${auditDetailText(value as Record<string, unknown>)}）`
  const text = String(value)
  return VALUE_LABELS[key]?.[text] ?? text
}

/** 修订号：3；意见：请补充…: each recorded fact under its Chinese name. */
export function auditDetailText(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .map(
      ([key, value]) => `${KEY_LABELS[key] ?? key}：${valueText(key, value)}`,
    )
    .join('；')
}
