import { Outlet } from 'react-router'

import type { RouteHandle } from '#app/components/layout/route-handle.ts'

export const handle: RouteHandle = { title: '项目信息' }

export default function Section() {
  return <Outlet />
}
