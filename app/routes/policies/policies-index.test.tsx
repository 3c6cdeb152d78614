// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import '#tests/jsdom-shims.ts'
import { POLICY_CATEGORIES } from '#common/constants/articles.ts'
import { FEED_GROUPS } from '#common/constants/feeds.ts'
import { SITE_SETTING_DEFAULTS } from '#common/constants/site.ts'

import PoliciesIndexRoute, { meta } from './policies-index.tsx'
import type { Route } from './+types/policies-index'

const base = 'https://jd.slt.xinjiang.gov.cn'
// The feeds whose list page the catalogue (and docs/api/feeds.md) says is this one.
const ownFeeds = FEED_GROUPS.flatMap((group) => group.feeds).filter(
  (feed) => feed.listPath === '/policies/index',
)

describe('the policies overview page', () => {
  afterEach(cleanup)

  it('announces the feed of every policy in its head, in RSS and Atom', () => {
    expect(ownFeeds.map((feed) => feed.name)).toEqual(['policies'])
    const tags = meta({
      location: { pathname: '/policies/index', search: '' },
      matches: [
        {
          id: 'root',
          loaderData: {
            clientConfig: { publicBaseUrl: base, ...SITE_SETTING_DEFAULTS },
          },
        },
      ],
    } as unknown as Route.MetaArgs)
    expect(
      tags.filter((tag) => 'rel' in tag && tag.rel === 'alternate'),
    ).toEqual([
      {
        tagName: 'link',
        rel: 'alternate',
        type: 'application/rss+xml',
        title: '政策法规（RSS）',
        href: `${base}/feeds/policies.rss`,
      },
      {
        tagName: 'link',
        rel: 'alternate',
        type: 'application/atom+xml',
        title: '政策法规（Atom）',
        href: `${base}/feeds/policies.atom`,
      },
    ])
  })

  it('offers the same feed to a visitor above the categories, as the list pages do', () => {
    const loaderData: Route.ComponentProps['loaderData'] = {
      categories: POLICY_CATEGORIES.map((category) => ({
        ...category,
        items: [],
        total: 0,
      })),
    }
    // The component reads only its loader's data.
    const props = { loaderData } as unknown as Route.ComponentProps
    render(
      <MemoryRouter>
        <PoliciesIndexRoute {...props} />
      </MemoryRouter>,
    )
    const rss = screen.getByRole('link', { name: /^RSS 订阅 ?：政策法规$/ })
    expect(rss.getAttribute('href')).toBe('/feeds/policies.rss')
    expect(rss.getAttribute('type')).toBe('application/rss+xml')
    const atom = screen.getByRole('link', { name: /^Atom ?订阅：政策法规$/ })
    expect(atom.getAttribute('href')).toBe('/feeds/policies.atom')
  })
})
