import {
  Outlet,
  type ShouldRevalidateFunctionArgs,
  useNavigation,
} from 'react-router'

import { ConsoleFrame } from '#app/features/admin/console-frame.tsx'
import { consoleMeta } from '#app/features/admin/console-meta.ts'
import {
  ConsoleError,
  ConsoleLoading,
} from '#app/features/admin/console-page.tsx'
import { loadOrRefuse } from '#app/features/admin/console-refusal.ts'
import { staffApi } from '#app/features/admin/staff-api-client.ts'

import type { Route } from './+types/console-layout'

// The console's data is personal and comes in the browser, with the session cookie, from
// /staff-api (clientLoader only): the server renders the frame and a loading state, which
// holds nothing personal, so no page of the console needs the server to read a session.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadOrRefuse(request, async () => ({
    account: (await staffApi.session()).account,
  }))
}

// Who is signed in is read when the console opens and after a change (revalidate), not on
// every move between its pages: each page's own call checks the session anyway.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false
}

export function HydrateFallback() {
  return (
    <ConsoleFrame account={null} isBusy>
      <ConsoleLoading />
    </ConsoleFrame>
  )
}

/** The console around every page of a signed-in person. */
export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  const isLoading = useNavigation().state === 'loading'
  return (
    <ConsoleFrame account={loaderData.account} isBusy={isLoading}>
      <Outlet />
    </ConsoleFrame>
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
