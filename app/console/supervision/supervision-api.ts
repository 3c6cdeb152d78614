import { useMemo } from 'react'
import { useRevalidator } from 'react-router'

import { AssignableStaffSchema } from '#common/schemas/complaint/complaint-staff.ts'
import {
  type WarningAssignSchema,
  WarningDetailSchema,
  type WarningDetail,
  type WarningDispose,
  WarningFiguresSchema,
  WarningPageSchema,
  type WarningQuery,
} from '#common/schemas/supervision.ts'
import type { z } from 'zod'

import { staffApi } from '#app/console/api/staff-api-client.ts'
import { useSignInOnSessionEnd } from '#app/console/api/use-sign-in-on-session-end.ts'
import { warningApiQuery } from './warning-query.ts'

export const loadWarnings = (query: WarningQuery) =>
  staffApi.get(
    '/supervision/warnings',
    WarningPageSchema,
    warningApiQuery(query),
  )

export const loadWarning = (id: number) =>
  staffApi.get(`/supervision/warnings/${id}`, WarningDetailSchema)

export const loadWarningHandlers = () =>
  staffApi.get('/supervision/handlers', AssignableStaffSchema)

export const loadWarningFigures = () =>
  staffApi.get('/supervision/figures', WarningFiguresSchema)

/** What the detail page does with a warning; each call names the version the person saw. */
export type WarningCalls = {
  assign: (body: z.input<typeof WarningAssignSchema>) => Promise<WarningDetail>
  dispose: (body: WarningDispose) => Promise<WarningDetail>
  /** Reads the page again, after a refusal that says the warning has moved on. */
  reload: () => Promise<void>
}

// A step, once done, has the page read again before it resolves, so that the dialog closes on
// the warning as it is now; a session that ended is signed into again on the page and the step
// sent once more, with what was typed.
export function useWarningCalls(id: number): WarningCalls {
  const signInIfEnded = useSignInOnSessionEnd()
  const revalidator = useRevalidator()
  return useMemo(() => {
    const send = async (step: string, body: unknown) => {
      const once = async () => {
        const detail = await staffApi.post(
          `/supervision/warnings/${id}/${step}`,
          WarningDetailSchema,
          body,
        )
        await revalidator.revalidate()
        return detail
      }
      try {
        return await once()
      } catch (error) {
        if ((await signInIfEnded(error)) === 'retry') return once()
        throw error
      }
    }
    return {
      assign: (body) => send('assign', body),
      dispose: (body) => send('dispose', body),
      reload: () => revalidator.revalidate(),
    }
  }, [id, signInIfEnded, revalidator])
}
