import fp from 'fastify-plugin'

import {
  createStaffService,
  type StaffService,
  type StaffServiceOptions,
} from './staff-service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    staff: StaffService
  }
}

export const staffPlugin = fp<StaffServiceOptions>(
  async (app, options) => {
    app.decorate('staff', createStaffService(options))
  },
  { name: 'staff', fastify: '5.x' },
)
