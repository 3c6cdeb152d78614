import fp from 'fastify-plugin'

import type { OidcConfig } from '#server/shared/config.ts'

import { createOidcSignIn, type OidcSignIn } from './oidc-sign-in.ts'

// Registered at the identity provider.
const OIDC_CALLBACK_PATH = '/staff-api/oidc/callback'

declare module 'fastify' {
  interface FastifyInstance {
    // null when OIDC_* are not set.
    staffOidc: { signIn: OidcSignIn; label: string } | null
  }
}

export const oidcSignInPlugin = fp<{
  oidc: OidcConfig | null
  publicBaseUrl: string
}>(
  async (app, { oidc, publicBaseUrl }) => {
    app.decorate(
      'staffOidc',
      oidc
        ? {
            label: oidc.label,
            signIn: createOidcSignIn({
              issuer: oidc.issuer,
              clientId: oidc.clientId,
              clientSecret: oidc.clientSecret,
              redirectUri: `${publicBaseUrl}${OIDC_CALLBACK_PATH}`,
              store: app.expiringStore,
            }),
          }
        : null,
    )
  },
  { name: 'staff-oidc', fastify: '5.x', dependencies: ['expiring-store'] },
)
