import { href } from 'react-router'

import { CONTENT_READ_ROLES } from '#common/constants/content.ts'
import {
  COMPLAINT_READ_ROLES,
  ROLE_ADMIN,
  ROLE_AUDITOR,
  ROLE_SUPERVISOR,
  type StaffRole,
} from '#common/constants/staff.ts'

import { CONSOLE_HOME } from '#app/console/api/console-paths.ts'

type ConsoleMenuEntry = {
  label: string
  to: string
  roles: readonly StaffRole[]
  description: string
  // false while the page is not built yet: named, not linked
  isReady: boolean
}

const CONSOLE_MENU: readonly ConsoleMenuEntry[] = [
  {
    label: '工作台',
    to: CONSOLE_HOME,
    roles: [...COMPLAINT_READ_ROLES, ...CONTENT_READ_ROLES, ROLE_SUPERVISOR],
    description:
      '今日到期和已超期的投诉，待签收、待负责人决定的事项；待审核、退回和定时发布的内容；待处理和核查中的监督预警',
    isReady: true,
  },
  {
    label: '投诉处理',
    to: href('/admin/complaints'),
    roles: COMPLAINT_READ_ROLES,
    description: '签收、受理、调查、决定投诉，每一步的法定时限',
    isReady: true,
  },
  {
    label: '留言回复',
    to: href('/admin/feedback'),
    roles: COMPLAINT_READ_ROLES,
    description: '答复公众留言并公开',
    isReady: true,
  },
  {
    label: '投诉统计',
    to: href('/admin/complaint-figures'),
    roles: COMPLAINT_READ_ROLES,
    description:
      '按月、季度、投诉类型和承办人统计收到、受理、处理的投诉，按期办结率和用时，导出Excel',
    isReady: true,
  },
  {
    label: '内容管理',
    to: href('/admin/content'),
    roles: CONTENT_READ_ROLES,
    description:
      '撰写、审核、发布、更正和撤回新闻公告、政策法规、项目及阶段公告、联动监管记录、首页与页脚链接、数据字典和站点设置',
    isReady: true,
  },
  {
    label: '监督预警',
    to: href('/admin/supervision'),
    roles: [ROLE_SUPERVISOR],
    description:
      '按招标投标信息自动生成的预警：指派承办人，核查、核实或排除；核实后建立联动监管记录草稿',
    isReady: true,
  },
  {
    label: '预警阈值',
    to: href('/admin/supervision/thresholds'),
    roles: [ROLE_SUPERVISOR, ROLE_ADMIN],
    description:
      '各预警指标的判定阈值：系统管理员逐项修改，修改后全部预警按新阈值重新计算',
    isReady: true,
  },
  {
    label: '账号管理',
    to: href('/admin/accounts'),
    roles: [ROLE_ADMIN],
    description: '新建账号、设置角色、停用启用、重置验证器、结束登录会话',
    isReady: true,
  },
  {
    label: '交易平台令牌',
    to: href('/admin/platform-tokens'),
    roles: [ROLE_ADMIN],
    description:
      '交易平台推送OCDS数据所用的令牌：逐个决定是否免审发布，不设则先审后发',
    isReady: true,
  },
  {
    label: '审计日志',
    to: href('/admin/audit'),
    roles: [ROLE_AUDITOR],
    description: '按人员、操作和时间查询登录与操作记录，导出CSV',
    isReady: true,
  },
]

export const menuFor = (roles: readonly StaffRole[]) =>
  CONSOLE_MENU.filter((entry) =>
    entry.roles.some((role) => roles.includes(role)),
  )
