import { z } from 'zod'

import { DISPLAY_MODES, sitePathOf } from '#common/display-mode.ts'

/** The page to return to is a path of this site only: no open redirect. */
export const DisplayModeFormSchema = z.object({
  mode: z.enum(DISPLAY_MODES, { error: '显示模式无效' }),
  back: z.unknown().transform((wanted, context) => {
    const path = sitePathOf(wanted)
    if (path) return path
    context.addIssue({ code: 'custom', message: '返回地址无效' })
    return z.NEVER
  }),
})
