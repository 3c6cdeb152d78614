import { randomBytes } from 'node:crypto'

import { type FastifyInstance } from 'fastify'

import {
  ROLE_HANDLER,
  ROLE_HEAD,
  type StaffRole,
} from '#common/constants/staff.ts'

import { portalSign } from '#common/protocol/portal-sign.ts'
import {
  createNonce,
  regionalSignature,
  sha256Hex,
} from '#common/protocol/regional-sign.ts'
import { type AppConfig } from '#server/shared/config.ts'
import { decryptWithNode } from './decrypt-with-node.ts'

export async function createOfficialToken(
  app: FastifyInstance,
  displayName = '赵科长',
  roles: StaffRole[] = [ROLE_HANDLER, ROLE_HEAD],
): Promise<string> {
  const place = { address: '127.0.0.1' }
  const accountName = `t${randomBytes(5).toString('hex')}`
  const { account } = await app.staff.createAccount(null, place, {
    accountName,
    displayName,
    roles,
  })
  const actor = {
    accountId: account.id,
    accountName,
    displayName,
    roles,
    via: 'session' as const,
  }
  return (await app.staff.createApiToken(actor, place, { name: '测试', roles }))
    .token
}

export function complaintTestApi(app: FastifyInstance, config: AppConfig) {
  async function regional(
    method: 'GET' | 'POST',
    path: string,
    data: Record<string, unknown>,
    nonce = createNonce(),
  ) {
    const query =
      method === 'GET'
        ? '?' + new URLSearchParams(data as Record<string, string>).toString()
        : ''
    const pathAndQuery = `/xjApi${path}${query}`
    const payload = method === 'POST' ? JSON.stringify(data) : ''
    const timestamp = String(Date.now())
    const contentSha256 = await sha256Hex(payload)
    const signature = await regionalSignature(
      { method, pathAndQuery, timestamp, nonce, contentSha256 },
      config.regionalHmacSecret,
    )
    return app.inject({
      method,
      url: pathAndQuery,
      ...(method === 'POST' ? { payload } : {}),
      headers: {
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        'x-timestamp': timestamp,
        'x-nonce': nonce,
        'x-content-sha256': contentSha256,
        'x-signature': signature,
      },
    })
  }

  let officialToken: Promise<string> | undefined
  const staffToken = () => (officialToken ??= createOfficialToken(app))

  async function staff(
    path: string,
    body?: Record<string, unknown>,
    given?: string | null,
  ) {
    const token = given === undefined ? await staffToken() : given
    return app.inject({
      method: body ? 'POST' : 'GET',
      url: `/staff-api${path}`,
      ...(body ? { payload: body } : {}),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
  }

  async function portal(path: string, params: Record<string, unknown>) {
    const body = { ...params, ts: Date.now() }
    const response = await app.inject({
      method: 'POST',
      url: `/JdPortalApi${path}`,
      payload: body,
      headers: { 'x-sign': await portalSign(body, config.portalApiSecret) },
    })
    const envelope = response.json<{
      State: number
      Msg: string
      Data?: string
    }>()
    return {
      status: response.statusCode,
      envelope,
      data: envelope.Data
        ? decryptWithNode(envelope.Data, config.portalAesKey)
        : undefined,
    }
  }

  // A second person for 拟稿 → 核稿 → 签发: 钱干事 drafts, the official (a head) lets it out.
  let drafterToken: Promise<string> | undefined
  const drafter = () =>
    (drafterToken ??= createOfficialToken(app, '钱干事', [ROLE_HANDLER]))

  /**
   * The decide or publish action as the department does it: 钱干事 submits the text, the
   * official issues it. What the action refuses is the action's answer; a draft still waiting
   * from an earlier try is returned first, so the new text can be submitted.
   */
  async function letOut(
    complaintNo: string,
    action: 'decide' | 'publish',
    body: Record<string, unknown>,
  ) {
    const kind = action === 'decide' ? 'decision' : 'publication'
    const draftPath = `/complaints/${complaintNo}/${kind}-draft`
    const { operator: _ignored, ...content } = body
    const submit = async () =>
      staff(`${draftPath}/submit`, content, await drafter())
    let submitted = await submit()
    if (submitted.statusCode === 409 && /正在核稿/.test(submitted.body)) {
      await staff(`${draftPath}/return`, { comment: '按新的内容重新拟稿' })
      submitted = await submit()
    }
    return staff(`/complaints/${complaintNo}/actions/${action}`, body)
  }

  return { regional, staff, portal, staffToken, drafter, letOut }
}
