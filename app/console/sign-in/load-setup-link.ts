import {
  SetupInfoSchema,
  SetupTokenQuerySchema,
} from '#common/schemas/staff.ts'

import { staffApi } from '#app/console/api/staff-api-client.ts'
import { StaffApiError } from '#app/console/api/staff-api-error.ts'
import type { SetupInfo } from '#app/console/api/staff-types.ts'

export async function loadSetupLink(
  params: URLSearchParams,
): Promise<{ token: string; info: SetupInfo } | { refusal: string }> {
  const parsed = SetupTokenQuerySchema.safeParse({
    token: params.get('token') ?? undefined,
  })
  if (!parsed.success)
    return { refusal: parsed.error.issues[0]?.message ?? '设置链接无效' }
  const { token } = parsed.data
  try {
    const info = await staffApi.get(
      '/setup',
      SetupInfoSchema,
      { token },
      { isOpen: true },
    )
    return { token, info }
  } catch (error) {
    if (error instanceof StaffApiError) return { refusal: error.message }
    throw error
  }
}
