import type { AppConfig } from '#server/shared/config.ts'

export function testConfig(
  dataDir: string,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  return {
    host: '127.0.0.1',
    port: 0,
    dataDir,
    databaseUrl: undefined,
    portalApiSecret: 'portal-secret-for-tests-0123456789',
    portalAesKey: 'aes-key-16-bytes',
    regionalHmacSecret: 'regional-secret-for-tests-0123456789',
    staffApiToken: 'staff-token-for-tests-0123456789abcdef',
    staffSecretKey: 'staff-secret-key-for-tests-0123456789abcdef',
    linkApiBase: '/JdPortalApi',
    publicBaseUrl: 'http://127.0.0.1:3000',
    siteMarks: {
      siteIdentifier: '6500000000',
      icpRecord: '新ICP备00000000号',
      psbRecord: '新公网安备65010002000000号',
      conacMarkUrl: '',
    },
    redisUrl: undefined,
    s3: null,
    ocdsOcidPrefix: 'ocds-213czf',
    smsProvider: 'log',
    smtpUrl: undefined,
    mailFrom: 'noreply@localhost',
    signingProvider: 'builtin',
    logLevel: 'silent',
    testHooks: false,
    trustProxy: [],
    oidc: null,
    ...overrides,
  }
}
