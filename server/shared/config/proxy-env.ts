import { isIP } from 'node:net'

import { z } from 'zod'

// proxy-addr's names for ranges (Fastify's trustProxy): 127.0.0.0/8 and ::1, link-local, private.
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal']

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true
  const [address = '', bits, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  const prefix = Number(bits)
  return /^\d{1,3}$/.test(bits) && prefix <= (version === 4 ? 32 : 128)
}

export const PROXY_ENV = {
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ''),
    )
    .refine(
      (entries) => entries.every(isProxyAddress),
      'TRUST_PROXY 须为逗号分隔的IP地址或网段（如 10.0.0.5,192.168.1.0/24）',
    ),
}
