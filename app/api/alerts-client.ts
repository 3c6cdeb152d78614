import { MSG_INTERNAL_ERROR } from '#common/messages.ts'

type AlertAnswer = { isAccepted: boolean; message: string }

const MSG_OFFLINE = '网络连接失败，请检查网络后重试'

// The server answers the same `{ message }` for every address it accepts (docs/architecture.md,
// Saved searches and alerts).
export async function postAlertSubscription(
  fields: Record<string, string>,
): Promise<AlertAnswer> {
  let response: Response
  try {
    response = await fetch('/alerts/subscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    })
  } catch {
    return { isAccepted: false, message: MSG_OFFLINE }
  }
  const body = (await response.json().catch(() => null)) as {
    message?: unknown
  } | null
  return {
    isAccepted: response.ok,
    message:
      typeof body?.message === 'string' ? body.message : MSG_INTERNAL_ERROR,
  }
}
