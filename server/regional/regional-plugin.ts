import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import type { Kysely } from 'kysely'

import { findLetterHolder } from '#server/complaints/filing/complaint-form.ts'
import { redeemSmsCode } from '#server/complaints/filing/sms-codes.ts'
import type { Database } from '#server/db/schema.ts'
import type { AppConfig } from '#server/shared/config.ts'
import { captchaRoutes } from './captcha-routes.ts'
import { complaintFileRoutes } from './complaint-file-routes.ts'
import { complaintFormRoutes } from './complaint-form-routes.ts'
import { complaintFollowUpRoutes } from './follow-up-routes.ts'
import { regionalApi } from './regional-api.ts'
import { signRoutes } from './sign-routes.ts'
import { smsCodeRoutes } from './sms-code-routes.ts'
import { submitComplaintRoutes } from './submit-complaint-routes.ts'
import { tenderProjectRoutes } from './tender-project-routes.ts'
import { testHookRoutes } from './test-hook-routes.ts'

type RegionalPluginOptions = {
  db: Kysely<Database>
  config: Pick<AppConfig, 'regionalHmacSecret' | 'testHooks'>
  routes?: FastifyPluginAsync[]
  now?: () => Date
}

export async function regionalPlugin(
  app: FastifyInstance,
  { db, config, routes = [], now }: RegionalPluginOptions,
) {
  const {
    expiringStore: store,
    sms,
    storage,
    signing,
    complaints,
    fileAccess: access,
  } = app
  await app.register(regionalApi, {
    prefix: '/xjApi',
    secret: config.regionalHmacSecret,
    // Nonces must be shared when several processes serve /xjApi (architecture.md, Growing).
    nonceStore: store,
    routes: [
      signRoutes(signing, access, findLetterHolder),
      complaintFileRoutes({ db, storage, access }),
      captchaRoutes({ store }),
      smsCodeRoutes({ store, sms, now }),
      complaintFormRoutes({ db, storage, access, now }),
      tenderProjectRoutes({ db }),
      submitComplaintRoutes({
        db,
        store,
        wakeSmsOutbox: complaints.wakeSmsOutbox,
        now,
        complaints,
        access,
      }),
      async (scope) =>
        scope.register(complaintFollowUpRoutes, {
          db,
          deps: complaints,
          access,
          // Codes sent by /api/xjslts/sms/code for the purpose complaint-query, used once.
          verifySmsCode: (phone, code) =>
            redeemSmsCode(store, { phone, code, purpose: 'complaint-query' }),
        }),
      ...routes,
    ],
  })

  if (config.testHooks) {
    app.log.warn('PORTAL_TEST_HOOKS=1: test hooks are served at /__test__')
    await app.register(testHookRoutes({ store }), { prefix: '/__test__' })
  }
}
