import { randomUUID } from 'node:crypto'

import { type FastifyInstance } from 'fastify'

import { regionalRequest } from './signed-requests.ts'

// The app must be built with testHooks.
export async function solvedCaptcha(
  app: FastifyInstance,
): Promise<{ captchaId: string; captcha: string }> {
  const captchaId = randomUUID()
  const image = await app.inject(
    regionalRequest('GET', `/xjApi/api/xjslts/img/code?t=${captchaId}`),
  )
  if (image.statusCode !== 200) throw new Error(`captcha: ${image.statusCode}`)
  const { answer } = (
    await app.inject({ url: `/__test__/captcha?t=${captchaId}` })
  ).json<{ answer: string }>()
  return { captchaId, captcha: answer }
}
