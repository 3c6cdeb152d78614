import { consoleMeta } from '#app/console/components/console-meta.ts'
import { ConsoleError } from '#app/console/components/console-page.tsx'
import { loadOrRefuse } from '#app/console/api/console-refusal.ts'
import {
  loadPlatformTokens,
  platformTokenCalls,
} from '#app/console/platforms/platform-token-api.ts'
import { PlatformTokens } from '#app/console/platforms/platform-tokens.tsx'

import type { Route } from './+types/platform-tokens'

// Only a 系统管理员 signed in to the console reads them: anyone else gets the server's 403
// message here.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadOrRefuse(request, () => loadPlatformTokens())
}

export default function PlatformTokensRoute({
  loaderData,
}: Route.ComponentProps) {
  return (
    <PlatformTokens tokens={loaderData.tokens} calls={platformTokenCalls} />
  )
}

export function meta() {
  return consoleMeta('交易平台令牌')
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />
}
