import { PLATFORM_NAME } from '#common/constants/site.ts'

import { cnDate } from './complaint-documents.ts'
import type { LifecycleAction } from './lifecycle-rule.ts'

// What happened to the complaint, said to the complainant after 「您的投诉（编号…）」: the staff's
// action names (签收, 中止计时…) are the department's words, not a sentence for the citizen.
// Material answered and a transcript recorded are not texted.
const WHAT_HAPPENED: Record<
  Exclude<LifecycleAction, 'answer-material' | 'record-transcript'>,
  string
> = {
  sign: '已签收，正在审查是否受理',
  accept: '已受理',
  'auto-accept': '已于受理审查期满自动受理',
  refuse: '不予受理',
  transfer: '已移交有管辖权的行政监督部门处理',
  revoke: '已撤回',
  'apply-withdrawal': '的撤回申请已提交，请等待行政监督部门决定',
  'grant-withdrawal': '已同意撤回，投诉办理终止',
  'refuse-withdrawal': '的撤回申请未获同意，投诉继续办理',
  'request-material': '需要补正材料',
  'suspend-activity': '所涉招标投标活动已暂停',
  'resume-activity': '所涉招标投标活动已恢复',
  'pause-clock': '进入检验、检测、鉴定或专家评审，其间不计入处理期限',
  'resume-clock': '已恢复计算处理期限',
  extend: '的处理期限已延长',
  decide: '已作出处理决定',
  publish: '的处理结果已公开',
}

/**
 * The SMS for an action on a complaint, naming the document it delivers and, for a 补正 request,
 * the date the material is due by (the complainant's own deadline); null: none is sent.
 */
export function complaintEventSms(
  action: LifecycleAction,
  complaintNo: string,
  documentTitle: string | null,
  dueDate?: string,
): string | null {
  if (action === 'answer-material' || action === 'record-transcript')
    return null
  const due =
    action === 'request-material' && dueDate
      ? `，请于${cnDate(dueDate)}前补正`
      : ''
  const delivered = documentTitle
    ? `，${documentTitle}已送达，请登录投诉查询查看并签收`
    : ''
  return `【${PLATFORM_NAME}】您的投诉（编号${complaintNo}）${WHAT_HAPPENED[action]}${due}${delivered}。`
}
