import { useRouteLoaderData } from 'react-router'

import { consoleMeta } from '#app/features/admin/console-meta.ts'
import { ConsoleWelcome } from '#app/features/admin/console-welcome.tsx'

import type { clientLoader as consoleLoader } from './console-layout.tsx'

/** /admin: the person's welcome and the pages their roles open (the layout knows who). */
export default function ConsoleHomeRoute() {
  const layout = useRouteLoaderData<typeof consoleLoader>('admin')
  return layout ? <ConsoleWelcome account={layout.account} /> : null
}

export function meta() {
  return consoleMeta('工作台')
}
