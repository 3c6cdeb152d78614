import { Outlet, useNavigation } from 'react-router'

import { ConsoleFrame } from '#app/console/components/console-frame.tsx'
import { consoleMeta } from '#app/console/components/console-meta.ts'
import { SessionKeeper } from '#app/console/components/session-keeper.tsx'
import {
  ConsoleError,
  ConsoleLoading,
} from '#app/console/components/console-page.tsx'
import {
  consoleAccountContext,
  requireConsoleSession,
} from '#app/console/api/console-session.ts'

import type { Route } from './+types/console-layout'

// The console's data is personal and comes in the browser, with the session cookie, from
// /staff-api (client middleware and loaders only): the server renders the frame and a loading
// state, which hold nothing personal, so no page of the console needs the server to read a
// session. The session is read first, then each page's own data.
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  requireConsoleSession,
]

export function clientLoader({ context }: Route.ClientLoaderArgs) {
  return { account: context.get(consoleAccountContext) }
}

// On every move between the console's pages: the session is checked (by the middleware) and
// the header shows the person as just read, their roles included.
export function shouldRevalidate() {
  return true
}

export function HydrateFallback() {
  return (
    <ConsoleFrame account={null} isBusy>
      <ConsoleLoading />
    </ConsoleFrame>
  )
}

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  const isLoading = useNavigation().state === 'loading'
  return (
    <SessionKeeper account={loaderData.account}>
      <ConsoleFrame account={loaderData.account} isBusy={isLoading}>
        <Outlet />
      </ConsoleFrame>
    </SessionKeeper>
  )
}

export function meta() {
  return consoleMeta()
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ConsoleFrame account={null}>
      <ConsoleError error={error} />
    </ConsoleFrame>
  )
}
