import { createBuiltinSigningProvider } from './builtin-provider.ts'
import type { SigningProvider } from './signing-provider.ts'

// A real CA is added here by id, its settings read from the environment by its factory (README,
// Electronic seal).
const PROVIDERS: Record<
  string,
  (config: { dataDir: string }) => SigningProvider
> = {
  builtin: ({ dataDir }) => createBuiltinSigningProvider(dataDir),
}

export function createSigningProvider(config: {
  signingProvider: string
  dataDir: string
}): SigningProvider {
  const create = PROVIDERS[config.signingProvider]
  if (!create)
    throw new Error(
      `配置错误：SIGNING_PROVIDER=${config.signingProvider} 不是已知的签章服务（可选：${Object.keys(PROVIDERS).join('、')}）`,
    )
  return create(config)
}
