import { z } from 'zod'

import { ICP_RECORD_PATTERN, PSB_RECORD_PATTERN } from '#common/site-marks.ts'

// The defaults are the demo's placeholders in the right format; '' shows none.
export const SITE_MARKS_ENV = {
  SITE_IDENTIFIER: z
    .string()
    .trim()
    .regex(
      /^([0-9A-Za-z]{10})?$/,
      'SITE_IDENTIFIER（网站标识码）应为10位字母或数字',
    )
    .default('6500000000'),
  ICP_RECORD: z
    .string()
    .trim()
    .refine(
      (text) => text === '' || ICP_RECORD_PATTERN.test(text),
      'ICP_RECORD 格式应如：新ICP备12345678号 或 新ICP备12345678号-1',
    )
    .default('新ICP备00000000号'),
  PSB_RECORD: z
    .string()
    .trim()
    .refine(
      (text) => text === '' || PSB_RECORD_PATTERN.test(text),
      'PSB_RECORD（公安备案号）格式应如：新公网安备65010202000123号',
    )
    .default('新公网安备65010002000000号'),
  CONAC_MARK_URL: z
    .url({ protocol: /^https$/, error: 'CONAC_MARK_URL 必须为 https 地址' })
    .or(z.literal(''))
    .default(''),
}
