import type { UIMatch } from 'react-router'
import { describe, expect, it } from 'vitest'

import { buildCrumbs } from './breadcrumbs.tsx'

const match = (id: string, pathname: string, handle?: object) =>
  ({
    id,
    pathname,
    handle,
    params: {},
    loaderData: undefined,
    data: undefined,
  }) as UIMatch

describe('breadcrumbs (spec §2)', () => {
  it('prepends the home entry unless the first matched route is named index', () => {
    const business = buildCrumbs([
      match('root', '/'),
      match('business', '/business', { title: '项目信息' }),
      match('business/list', '/business/list', { title: '交易列表' }),
    ])
    expect(business).toEqual([
      { title: '首页', path: '/' },
      { title: '项目信息', path: '/business' },
      { title: '交易列表', path: null },
    ])
    const news = buildCrumbs([
      match('index', '/index', { title: '首页' }),
      match('index/newList', '/index/newList', { title: '新闻列表' }),
    ])
    expect(news).toEqual([
      { title: '首页', path: '/index' },
      { title: '新闻列表', path: null },
    ])
  })

  it('leaves out untitled routes and breadcrumb=false, and does not link noRedirect items', () => {
    const crumbs = buildCrumbs([
      match('layout', '/'),
      match('policies', '/policies', { title: '政策法规', noRedirect: true }),
      match('hidden', '/policies/x', { title: '隐藏', breadcrumb: false }),
      match('policies/detail', '/policies/detail', { title: '政策法规详情' }),
    ])
    expect(crumbs).toEqual([
      { title: '首页', path: '/' },
      { title: '政策法规', path: null },
      { title: '政策法规详情', path: null },
    ])
  })

  it('names a section once when its own page carries the same title', () => {
    const overview = buildCrumbs([
      match('root', '/'),
      match('policies', '/policies', { title: '政策法规' }),
      match('policies/index', '/policies/index', { title: '政策法规' }),
    ])
    expect(overview).toEqual([
      { title: '首页', path: '/' },
      { title: '政策法规', path: null },
    ])
    const deeper = buildCrumbs([
      match('root', '/'),
      match('policies', '/policies', { title: '政策法规' }),
      match('policies/index', '/policies/index', { title: '政策法规' }),
      match('policies/detail', '/policies/detail', { title: '政策法规详情' }),
    ])
    expect(deeper).toEqual([
      { title: '首页', path: '/' },
      { title: '政策法规', path: '/policies/index' },
      { title: '政策法规详情', path: null },
    ])
  })
})
