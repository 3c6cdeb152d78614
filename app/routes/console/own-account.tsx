import { useRouteLoaderData } from 'react-router'
import { z } from 'zod'

import { consoleMeta } from '#app/console/components/console-meta.ts'
import { ConsoleError } from '#app/console/components/console-page.tsx'
import { loadOrRefuse } from '#app/console/api/console-refusal.ts'
import { OwnAccount } from '#app/console/own-account/own-account.tsx'
import { staffApi } from '#app/console/api/staff-api-client.ts'
import { ApiTokenSchema } from '#common/schemas/staff.ts'
import { StaffContactsSchema } from '#common/schemas/staff-contacts.ts'

import type { Route } from './+types/own-account'
import type { clientLoader as consoleLoader } from './console-layout.tsx'

const TokensSchema = z.object({ items: z.array(ApiTokenSchema) })

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadOrRefuse(request, async () => {
    const [tokens, contacts] = await Promise.all([
      staffApi.get('/me/tokens', TokensSchema),
      staffApi.get('/me/contacts', StaffContactsSchema),
    ])
    return { tokens: tokens.items, contacts }
  })
}

export default function OwnAccountRoute({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof consoleLoader>('admin')
  return layout ? (
    <OwnAccount
      account={layout.account}
      tokens={loaderData.tokens}
      contacts={loaderData.contacts}
    />
  ) : null
}

export function meta() {
  return consoleMeta('我的账号')
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />
}
