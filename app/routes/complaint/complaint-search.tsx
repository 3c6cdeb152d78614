import { useSearchParams } from 'react-router'

import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { ComplaintFollowUp } from '#app/features/complaint/follow-up/complaint-follow-up.tsx'

export const handle: RouteHandle = { title: '投诉查询' }

export default function ComplaintSearchRoute() {
  const [params] = useSearchParams()
  const initialNo = (params.get('complaintNo') ?? '')
    .replace(/\D/g, '')
    .slice(0, 12)
  return <ComplaintFollowUp initialNo={initialNo} />
}
