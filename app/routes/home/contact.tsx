import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { ContactDetails } from '#app/features/site/contact-details.tsx'
import { PLATFORM_NAME } from '#common/constants/site.ts'

export const handle: RouteHandle = { title: '联系我们' }

export default function ContactRoute() {
  return <ContactDetails />
}

export function meta() {
  return [{ title: `联系我们 - ${PLATFORM_NAME}` }]
}
