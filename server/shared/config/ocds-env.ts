import { z } from 'zod'

// The prefix of the standard's own worked examples: data from an unconfigured portal reads as
// example data, never as another publisher's (docs/decisions/0052-default-ocid-prefix.md).
const OCDS_DEFAULT_OCID_PREFIX = 'ocds-213czf'

// OCDS: a prefix is `ocds-` and six characters the helpdesk assigns (lower-case letters, digits).
export const OCDS_ENV = {
  OCDS_OCID_PREFIX: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .trim()
      .regex(
        /^ocds-[a-z0-9]{6}$/,
        'OCDS_OCID_PREFIX 须为 ocds- 加6位小写字母或数字（开放合同数据标准登记的前缀，如 ocds-213czf）',
      )
      .default(OCDS_DEFAULT_OCID_PREFIX),
  ),
}
