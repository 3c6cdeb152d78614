import {
  createContext,
  type RouterContextProvider,
  type ServerBuild,
} from 'react-router'

import type { ClientConfig } from '#common/client-config.ts'
import type { PortalApi } from '#common/portal-api.ts'

export type RenderDocument = (
  request: Request,
  status: number,
  headers: Headers,
  entryContext: unknown,
  context: RouterContextProvider,
) => Response | Promise<Response>

export function oneDocumentBuild(
  render: RenderDocument,
  contexts: {
    portalApiContext?: ReturnType<typeof createContext<PortalApi>>
    clientConfigContext?: ReturnType<typeof createContext<ClientConfig>>
  } = {},
): ServerBuild {
  return {
    entry: {
      module: {
        default: render,
        portalApiContext:
          contexts.portalApiContext ?? createContext<PortalApi>(),
        clientConfigContext:
          contexts.clientConfigContext ?? createContext<ClientConfig>(),
      },
    },
    routes: { root: { id: 'root', path: '', module: { default: () => null } } },
    assets: {
      entry: { module: '/assets/entry.js', imports: [] },
      routes: {
        root: {
          id: 'root',
          path: '',
          module: '/assets/root.js',
          hasAction: false,
          hasLoader: false,
          hasClientAction: false,
          hasClientLoader: false,
          hasClientMiddleware: false,
          hasErrorBoundary: false,
        },
      },
      url: '/assets/manifest.js',
      version: 'test',
    },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  } as unknown as ServerBuild
}
