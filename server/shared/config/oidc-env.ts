import { z } from 'zod'

import { OIDC_DEFAULT_LABEL } from '#common/constants/staff.ts'

import { optionalText } from './optional-text.ts'

// The only hosts an identity provider may be reached at over plain http.
const LOOPBACK_HOSTS = ['127.0.0.1', '[::1]', 'localhost']

export const OIDC_ENV = {
  OIDC_ISSUER: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .url({ protocol: /^https?$/, error: 'OIDC_ISSUER 必须为 http(s) 地址' })
      .refine(
        (url) =>
          url.startsWith('https:') ||
          LOOPBACK_HOSTS.includes(new URL(url).hostname),
        'OIDC_ISSUER 必须为 https 地址（仅本机地址可用 http）',
      )
      .refine((url) => !/[?#]/.test(url), 'OIDC_ISSUER 不能带查询参数或锚点')
      .optional(),
  ),
  OIDC_CLIENT_ID: optionalText,
  // Not trimmed: a secret is taken exactly as given.
  OIDC_CLIENT_SECRET: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().max(500).optional(),
  ),
  OIDC_LABEL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .trim()
      .min(1)
      .max(20, 'OIDC_LABEL（登录按钮文字）不能超过20个字符')
      .default(OIDC_DEFAULT_LABEL),
  ),
}
