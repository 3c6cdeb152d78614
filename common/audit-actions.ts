import {
  STAFF_ACTIONS,
  type StaffAction,
} from './schemas/complaint/complaint-staff.ts'

const COMPLAINT_ACTION_LABELS: Record<StaffAction, string> = {
  sign: '签收',
  accept: '受理',
  refuse: '不予受理',
  transfer: '移交',
  'request-material': '要求补正材料',
  'record-transcript': '记录调查笔录',
  'suspend-activity': '暂停招标投标活动',
  'resume-activity': '恢复招标投标活动',
  'pause-clock': '中止期限',
  'resume-clock': '恢复期限',
  extend: '延长期限',
  decide: '作出处理决定',
  'grant-withdrawal': '同意撤回投诉',
  'refuse-withdrawal': '不予撤回投诉',
  publish: '公开处理结果',
}

const AUDIT_ACTION_LABELS: Record<string, string> = {
  'session.sign-in': '登录',
  'session.sign-out': '退出登录',
  // Entries from before wrong sign-ins were throttled instead.
  'account.lock': '账号锁定',
  'account.sign-in-failures': '多次登录失败',
  'setup.password': '设置链接：设置密码',
  'setup.finish': '设置链接：绑定验证器',
  'self.password': '修改本人密码',
  'self.factor-begin': '开始重新绑定验证器',
  'self.factor-finish': '完成重新绑定验证器',
  'self.end-other-sessions': '退出本人其他设备上的登录',
  'account.create': '新建账号',
  'account.roles': '设置角色',
  'account.disable': '停用账号',
  'account.enable': '启用账号',
  'account.reset-factor': '重置验证器',
  'account.end-sessions': '结束登录会话',
  'account.unlock': '解锁（清除登录失败计数）',
  'account.oidc-link': '关联统一身份认证',
  'account.oidc-unlink': '解除统一身份认证关联',
  'token.create': '创建个人API令牌',
  'token.revoke': '撤销个人API令牌',
  'token.use': '使用个人API令牌',
  'audit.export': '导出审计日志',
  'feedback.reply': '回复留言',
  'feedback.approve': '核准公开留言答复',
  'complaint.read': '投诉：查看投诉详情（含未脱敏个人信息）',
  'file.read': '下载或查看非公开文件',
  'content.create': '内容：新建',
  'content.save': '内容：保存修订',
  'content.submit': '内容：提交审核',
  'content.discard': '内容：放弃修订',
  'content.approve': '内容：审核通过（发布或定时发布）',
  'content.return': '内容：退回修改',
  'content.cancel-schedule': '内容：取消定时发布',
  'content.withdraw': '内容：撤回已发布内容',
  'content.publish-scheduled': '内容：定时发布',
  'content.upload': '内容：上传文件',
  'complaint.assign': '投诉：分派承办人',
  'complaint.decision-draft.save': '投诉：保存处理决定书草稿',
  'complaint.decision-draft.submit': '投诉：处理决定书送核稿',
  'complaint.decision-draft.return': '投诉：处理决定书核稿退回',
  'complaint.decision-preview': '投诉：预览处理决定书',
  'complaint.figures-export': '投诉：导出投诉统计',
  'complaint.publication-draft.submit': '投诉：拟公开处理结果送核',
  'complaint.publication-draft.return': '投诉：拟公开处理结果退回',
  ...Object.fromEntries(
    STAFF_ACTIONS.map((action) => [
      `complaint.${action}`,
      `投诉：${COMPLAINT_ACTION_LABELS[action]}`,
    ]),
  ),
}

export const auditActionLabel = (action: string) =>
  AUDIT_ACTION_LABELS[action] ?? action

export const AUDIT_ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS).map(
  ([value, label]) => ({ value, label: `${label}（${value}）` }),
)
