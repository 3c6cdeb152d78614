import { href, Link } from 'react-router'

import { pageMeta } from '#app/components/layout/page-meta.ts'
import { useSiteSettings } from '#app/components/layout/site-settings.ts'
import { ApplyNotice } from '#app/features/complaint/apply/apply-notice.tsx'
import { DeferredApplyForm } from '#app/features/complaint/apply/deferred-apply-form.tsx'
import { ONLINE_COMPLAINT_SUMMARY } from '#common/constants/online-complaint-steps.ts'

import type { Route } from './+types/entry'

// spec §2: the online complaint entry stands alone, without the common layout.
export default function ComplaintEntryRoute() {
  const { platformName, serviceHotline } = useSiteSettings()
  return (
    <main
      style={{ maxWidth: 960, margin: '0 auto', padding: '24px 16px 48px' }}
    >
      <header style={{ marginBottom: 16 }}>
        <Link to={href('/')} style={{ fontSize: 14 }}>
          {platformName}
        </Link>
        <h1 style={{ fontSize: 22, margin: '8px 0 4px' }}>在线投诉</h1>
        <p className="entry-links">
          <span>咨询电话：{serviceHotline}</span>
          <Link to={href('/complaint/index')}>投诉须知</Link>
          <Link to={href('/complaint/search')}>投诉查询</Link>
        </p>
      </header>
      <ApplyNotice />
      <DeferredApplyForm />
    </main>
  )
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: '在线投诉',
    description: ONLINE_COMPLAINT_SUMMARY,
  })
}
