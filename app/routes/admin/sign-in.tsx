import { ConsoleFrame } from '#app/features/admin/console-frame.tsx'
import { consoleMeta } from '#app/features/admin/console-meta.ts'
import { ConsoleLoading } from '#app/features/admin/console-page.tsx'
import { nextPathOf } from '#app/features/admin/console-paths.ts'
import { takeSignInReason } from '#app/features/admin/console-refusal.ts'
import {
  oidcRefusalOf,
  signInOptions,
} from '#app/features/admin/sign-in-options.ts'
import { SignInForm } from '#app/features/admin/sign-in-form.tsx'

import type { Route } from './+types/sign-in'

// The form is drawn in the browser only: sent before the page's scripts ran, a plain HTML
// form would put the password in the address (a GET to this page).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams
  return {
    next: nextPathOf(params.get('next')),
    reason: takeSignInReason(),
    // Sent back here by the identity provider's callback with the refusal's code.
    oidcRefusal: oidcRefusalOf(params.get('error')),
    oidc: await signInOptions(),
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
      <SignInForm {...loaderData} />
    </ConsoleFrame>
  )
}

export function meta() {
  return consoleMeta('登录')
}
