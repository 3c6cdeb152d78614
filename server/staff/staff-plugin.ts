import fp from 'fastify-plugin'

import {
  createStaffService,
  type StaffService,
  type StaffServiceOptions,
} from './staff-service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff accounts, sessions, tokens and the audit log, for the admin edge and /files. */
    staff: StaffService
  }
}

export const staffPlugin = fp<StaffServiceOptions>(
  async (app, options) => {
    app.decorate('staff', createStaffService(options))
  },
  { name: 'staff', fastify: '5.x' },
)
