import { z } from 'zod'

export const MAIL_ENV = {
  SMTP_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .url({
        protocol: /^smtps?$/,
        error: 'SMTP_URL 必须为 smtp:// 或 smtps:// 地址',
      })
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .trim()
      .max(300)
      .refine(
        (text) =>
          /^(?:[^<>]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(text),
        'MAIL_FROM 格式应如：noreply@example.gov.cn 或 平台名称 <noreply@example.gov.cn>',
      )
      .optional(),
  ),
}

// localhost when the public host is an address: an address is no mail domain.
export function defaultMailFrom(publicBaseUrl: string): string {
  const host = new URL(publicBaseUrl).hostname
  return `noreply@${/[a-z]/i.test(host) && !host.startsWith('[') ? host : 'localhost'}`
}
