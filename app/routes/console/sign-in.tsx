import { ConsoleFrame } from '#app/console/components/console-frame.tsx'
import { consoleMeta } from '#app/console/components/console-meta.ts'
import { ConsoleLoading } from '#app/console/components/console-page.tsx'
import { nextPathOf } from '#app/console/api/console-paths.ts'
import { takeSignInReason } from '#app/console/api/console-refusal.ts'
import {
  oidcRefusalOf,
  signInOptions,
} from '#app/console/sign-in/sign-in-options.ts'
import { SignInForm } from '#app/console/sign-in/sign-in-form.tsx'

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
