import { describe, expect, it } from 'vitest'

import {
  ROLE_ADMIN,
  ROLE_PLATFORM_PUSH,
  STAFF_ROLES,
} from '#common/constants/staff.ts'

import { menuFor } from './console-menu.ts'

const labels = (roles: Parameters<typeof menuFor>[0]) =>
  menuFor(roles).map((entry) => entry.label)

describe('the console menu', () => {
  it('opens the content pages to the content roles, and the home with their figures', () => {
    expect(labels(['内容编辑'])).toEqual(['工作台', '内容管理'])
    expect(labels(['内容审核'])).toEqual(['工作台', '内容管理'])
    expect(labels(['投诉处理'])).toEqual([
      '工作台',
      '投诉处理',
      '留言回复',
      '投诉统计',
    ])
    expect(labels(['系统管理员'])).toEqual([
      '预警阈值',
      '账号管理',
      '交易平台令牌',
    ])
    expect(labels(['监督检查'])).toEqual(['工作台', '监督预警', '预警阈值'])
    expect(labels(['投诉处理'])).not.toContain('监督预警')
    expect(labels(['内容编辑'])).not.toContain('预警阈值')
  })

  it('shows 交易平台令牌 to the 系统管理员 alone, not to the platform’s own account', () => {
    const others = STAFF_ROLES.filter((role) => role !== ROLE_ADMIN)
    expect(others).toContain(ROLE_PLATFORM_PUSH)
    for (const role of others)
      expect(labels([role])).not.toContain('交易平台令牌')
    expect(labels(['交易平台推送'])).toEqual([])
    expect(labels(['系统管理员', '内容审核'])).toContain('交易平台令牌')
  })
})
