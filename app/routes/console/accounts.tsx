import { useRouteLoaderData } from 'react-router'
import { z } from 'zod'

import { AccountsManager } from '#app/console/accounts/accounts-manager.tsx'
import { consoleMeta } from '#app/console/components/console-meta.ts'
import { ConsoleError } from '#app/console/components/console-page.tsx'
import { loadOrRefuse } from '#app/console/api/console-refusal.ts'
import { staffApi } from '#app/console/api/staff-api-client.ts'
import { StaffAccountSchema } from '#common/schemas/staff.ts'

import type { Route } from './+types/accounts'
import type { clientLoader as consoleLoader } from './console-layout.tsx'

const AccountsSchema = z.object({ items: z.array(StaffAccountSchema) })

// Only 系统管理员 may read the accounts: anyone else gets the server's 403 message here.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadOrRefuse(request, async () => ({
    accounts: (await staffApi.get('/accounts', AccountsSchema)).items,
  }))
}

export default function AccountsRoute({ loaderData }: Route.ComponentProps) {
  const self = useRouteLoaderData<typeof consoleLoader>('admin')?.account
  return <AccountsManager accounts={loaderData.accounts} selfId={self?.id} />
}

export function meta() {
  return consoleMeta('账号管理')
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />
}
