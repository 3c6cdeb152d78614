import { describe, expect, it } from 'vitest'

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
    expect(labels(['系统管理员'])).toEqual(['预警阈值', '账号管理'])
    expect(labels(['监督检查'])).toEqual(['工作台', '监督预警', '预警阈值'])
    expect(labels(['投诉处理'])).not.toContain('监督预警')
    expect(labels(['内容编辑'])).not.toContain('预警阈值')
  })
})
