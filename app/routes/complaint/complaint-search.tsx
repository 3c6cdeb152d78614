import { useSearchParams } from 'react-router'

import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { ComplaintFollowUp } from '#app/features/complaint/follow-up/complaint-follow-up.tsx'

import type { Route } from './+types/complaint-search'

export const handle: RouteHandle = { title: '投诉查询' }

export default function ComplaintSearchRoute() {
  const [params] = useSearchParams()
  const initialNo = (params.get('complaintNo') ?? '')
    .replace(/\D/g, '')
    .slice(0, 12)
  // 用手机号查询 is linked from the filing result for a lost query code.
  const initialTab = params.get('by') === 'phone' ? 'phone' : 'number'
  return <ComplaintFollowUp initialNo={initialNo} initialTab={initialTab} />
}

// The complaint number a link may carry stays out of the canonical address.
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: '投诉查询',
    description:
      '投诉人凭投诉编号和查询码（或联系电话和短信验证码）查询投诉办理进度和法定时限，签收文书，补充材料，申请撤回投诉。',
  })
}
