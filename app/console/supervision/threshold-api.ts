import type { z } from 'zod'

import type { IndicatorCode } from '#common/constants/supervision.ts'
import {
  ThresholdListSchema,
  type ThresholdUpdateSchema,
} from '#common/schemas/supervision.ts'

import { staffApi } from '#app/console/api/staff-api-client.ts'

export type ThresholdList = z.infer<typeof ThresholdListSchema>

export const loadThresholds = () =>
  staffApi.get('/supervision/thresholds', ThresholdListSchema)

/** What the 预警阈值 page does: one indicator's values at a time, answered with the whole list. */
export type ThresholdCalls = {
  save: (
    code: IndicatorCode,
    body: z.input<typeof ThresholdUpdateSchema>,
  ) => Promise<ThresholdList>
}

// Only a 系统管理员 may; the server checks each value again and computes every warning anew.
export const thresholdCalls: ThresholdCalls = {
  save: (code, body) =>
    staffApi.put(`/supervision/thresholds/${code}`, ThresholdListSchema, body),
}
