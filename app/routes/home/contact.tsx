import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { ContactDetails } from '#app/features/site/contact-details.tsx'
import {
  COMPLAINT_OFFICE_PHONE,
  DEPARTMENT_ADDRESS,
  GUIDANCE_UNIT,
  SERVICE_HOTLINE,
} from '#common/constants/site.ts'

import type { Route } from './+types/contact'

export const handle: RouteHandle = { title: '联系我们' }

export default function ContactRoute() {
  return <ContactDetails />
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: '联系我们',
    description: `${GUIDANCE_UNIT}办公地址：${DEPARTMENT_ADDRESS}；服务热线 ${SERVICE_HOTLINE}；投诉受理电话 ${COMPLAINT_OFFICE_PHONE}；办公时间与交通。`,
  })
}
