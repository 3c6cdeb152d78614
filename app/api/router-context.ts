import { createContext } from 'react-router'

import type { ClientConfig } from '#common/client-config.ts'
import type { PortalApi } from '#common/portal-api.ts'

/**
 * Values the host server puts in every request's router context: the in-process Portal API
 * (server loaders call it without HTTP or encryption) and the configuration the browser gets.
 * The server entry re-exports these keys so the host fills the very same context objects.
 */
export const portalApiContext = createContext<PortalApi>()
export const clientConfigContext = createContext<ClientConfig>()
