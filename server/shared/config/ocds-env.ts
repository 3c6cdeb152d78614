import { z } from 'zod'

/**
 * The ocid prefix OCDS data is published under until a deployment sets the one the Open
 * Contracting Partnership registered for it: the prefix of the standard's own worked examples,
 * so that data from an unconfigured portal reads as example data to every OCDS tool and never
 * as another publisher's (docs/decisions/0052-default-ocid-prefix.md).
 */
const OCDS_DEFAULT_OCID_PREFIX = 'ocds-213czf'

// An ocid prefix is `ocds-` and six characters the OCDS helpdesk assigns (lower-case letters
// and digits); every ocid of /ocds/ is the prefix, a hyphen and the project's number.
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
