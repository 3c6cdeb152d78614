import { data } from 'react-router'

import { consoleMeta } from '#app/console/components/console-meta.ts'
import { ConsoleError } from '#app/console/components/console-page.tsx'

const NOT_FOUND = { message: '您访问的管理页面不存在，请从管理菜单进入' }

// An address under /admin with no page: a 404 inside the console, whose menu stays. The
// server answers it with status 404 too, as for an unknown public page.
export function loader(): never {
  throw data(NOT_FOUND, { status: 404 })
}

export function clientLoader(): never {
  throw data(NOT_FOUND, { status: 404 })
}

export default function ConsoleNotFoundRoute() {
  return null
}

export function meta() {
  return consoleMeta('页面不存在')
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return <ConsoleError error={error} />
}
