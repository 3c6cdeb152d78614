import {
  AccountSetupFlow,
  SetupLinkRefused,
} from '#app/console/sign-in/account-setup-flow.tsx'
import { ConsoleFrame } from '#app/console/components/console-frame.tsx'
import { consoleMeta } from '#app/console/components/console-meta.ts'
import { ConsoleLoading } from '#app/console/components/console-page.tsx'
import { loadSetupLink } from '#app/console/sign-in/load-setup-link.ts'
import styles from '#app/console/components/console.module.css'

import type { Route } from './+types/account-setup'

// The link's token is read in the browser (clientLoader): the server renders a loading state.
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadSetupLink(new URL(request.url).searchParams)
}

export function HydrateFallback() {
  return (
    <ConsoleFrame account={null} isBusy>
      <ConsoleLoading />
    </ConsoleFrame>
  )
}

export default function AccountSetupRoute({
  loaderData,
}: Route.ComponentProps) {
  return (
    <ConsoleFrame account={null}>
      <div className={styles.cardPage}>
        {'refusal' in loaderData ? (
          <SetupLinkRefused message={loaderData.refusal} />
        ) : (
          <AccountSetupFlow token={loaderData.token} info={loaderData.info} />
        )}
      </div>
    </ConsoleFrame>
  )
}

export function meta() {
  return consoleMeta('设置账号')
}
