import { ConsoleFrame } from '#app/features/admin/console-frame.tsx'
import { consoleMeta } from '#app/features/admin/console-meta.ts'
import { ConsoleLoading } from '#app/features/admin/console-page.tsx'
import { nextPathOf } from '#app/features/admin/console-paths.ts'
import { takeSignInReason } from '#app/features/admin/console-refusal.ts'
import { SignInForm } from '#app/features/admin/sign-in-form.tsx'

import type { Route } from './+types/sign-in'

// The form is drawn in the browser only: sent before the page's scripts ran, a plain HTML
// form would put the password in the address (a GET to this page).
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return {
    next: nextPathOf(new URL(request.url).searchParams.get('next')),
    reason: takeSignInReason(),
  }
}
clientLoader.hydrate = true as const

export function HydrateFallback() {
  return (
    <ConsoleFrame account={null} isBusy>
      <ConsoleLoading />
    </ConsoleFrame>
  )
}

export default function SignInRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ConsoleFrame account={null}>
      <SignInForm next={loaderData.next} reason={loaderData.reason} />
    </ConsoleFrame>
  )
}

export function meta() {
  return consoleMeta('登录')
}
