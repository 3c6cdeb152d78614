import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { siteSettingsOf } from '#app/components/layout/site-settings.ts'
import { ContactDetails } from '#app/features/site/contact-details.tsx'
import {
  COMPLAINT_OFFICE_PHONE,
  DEPARTMENT_ADDRESS,
} from '#common/constants/site.ts'

import type { Route } from './+types/contact'

export const handle: RouteHandle = { title: '联系我们', query: [] }

export default function ContactRoute() {
  return <ContactDetails />
}

export function meta(args: Route.MetaArgs) {
  const { guidanceUnit, serviceHotline } = siteSettingsOf(args.matches)
  return pageMeta(args, {
    title: '联系我们',
    description: `${guidanceUnit}办公地址：${DEPARTMENT_ADDRESS}；服务热线 ${serviceHotline}；投诉受理电话 ${COMPLAINT_OFFICE_PHONE}；办公时间与交通。`,
  })
}
