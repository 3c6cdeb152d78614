import { createContext } from 'react-router'

import type { ClientConfig } from '#common/client-config.ts'
import type { PortalApi } from '#common/portal-api.ts'

// Server loaders call the in-process Portal API without HTTP or encryption. The server entry
// re-exports these keys so the host fills the very same context objects.
export const portalApiContext = createContext<PortalApi>()
export const clientConfigContext = createContext<ClientConfig>()
