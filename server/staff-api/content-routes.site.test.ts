import { randomBytes } from 'node:crypto'

import type { FastifyInstance } from 'fastify'
import {
  createContext,
  type RouterContextProvider,
  type ServerBuild,
} from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { ClientConfig } from '#common/client-config.ts'
import { CONTENT_REFUSALS } from '#common/constants/content.ts'
import {
  FOOTER_LINK_GROUPS,
  SITE_SETTING_DEFAULTS,
} from '#common/constants/site.ts'
import type { PortalApi } from '#common/portal-api.ts'
import { createDatabase } from '#server/db/database.ts'
import type { ContentItemDetail } from '#common/schemas/content/workflow.ts'
import type {
  DictionaryFields,
  FooterLinksFields,
  HomeLinksFields,
  SiteSettingsFields,
} from '#common/schemas/content/site-fields.ts'
import type {
  FooterLinkGroup,
  HomeLink,
  SysDicResult,
} from '#common/schemas/site.ts'
import { testConfig } from '#tests/app-config.ts'
import { complaintTestApi } from '#tests/complaint-test-api.ts'
import {
  baseOf,
  contentStaff,
  itemOfKind,
  publishItem,
  reviseItem,
} from '#tests/content-test-api.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { hasTestRedis, TEST_REDIS_URL } from '#tests/redis.ts'
import { oneDocumentBuild } from '#tests/server-build.ts'
import { buildTestApp } from '#tests/test-app.ts'

const portalApiContext = createContext<PortalApi>()
const clientConfigContext = createContext<ClientConfig>()

/**
 * A one-page build whose document shows what the portal's layout shows of the site: the header's
 * platform name, the four footer groups read through the app's cached Portal API, and the
 * footer's hotline, guidance unit and technical support, the 登录 / 注册 and 在线学习 addresses
 * from the configuration the host gives the render. What the page cache keeps is what a visitor
 * sees.
 */
function siteLayoutBuild(): ServerBuild {
  return oneDocumentBuild(
    async (
      _request: Request,
      status: number,
      headers: Headers,
      _entry: unknown,
      context: RouterContextProvider,
    ) => {
      const api = context.get(portalApiContext)
      const config = context.get(clientConfigContext)
      const groups = await Promise.all(
        FOOTER_LINK_GROUPS.map(({ type }) =>
          api.footerLinks({ platformType: 'jd', type }),
        ),
      )
      const links = groups.flatMap((group) =>
        group.children.map(
          (link) =>
            `<a data-group="${group.type}" href="${link.ADDRESS}">${link.TITLE}</a>`,
        ),
      )
      headers.set('Content-Type', 'text/html; charset=utf-8')
      return new Response(
        `<!DOCTYPE html><html lang="zh-CN"><body><header>${config.platformName}</header>` +
          `<a href="${config.externalLoginUrl}">登录 / 注册</a>` +
          `<footer>${links.join('')}<p>服务热线：${config.serviceHotline}</p>` +
          `<p>指导单位：${config.guidanceUnit}</p><p>技术支持：${config.technicalSupport}</p></footer>` +
          `<a href="${config.studySiteUrl}">在线学习</a></body></html>`,
        { status, headers },
      )
    },
    { portalApiContext, clientConfigContext },
  )
}

describe.each(testEngines)(
  'links, dictionaries and site settings in the content workflow on %s',
  (engine) => {
    let t: TestDatabase
    let app: FastifyInstance
    let staff: Awaited<ReturnType<typeof contentStaff>>
    let portal: ReturnType<typeof complaintTestApi>['portal']

    beforeAll(async () => {
      t = await createTestDatabase(engine)
      app = await buildTestApp(t, {
        pageBuild: siteLayoutBuild(),
        contentScheduleIntervalMs: null,
      })
      staff = await contentStaff(app)
      portal = complaintTestApi(app, {
        ...testConfig(''),
        dataDir: t.dataDir,
      }).portal
    })
    afterAll(async () => {
      await app?.close()
      await t?.destroy()
    })

    /** The page a visitor opens (the page cache keeps it until content changes). */
    const page = async () => (await app.inject({ url: '/' })).body
    const footerGroup = async (type: number) =>
      (
        await portal('/linkConfiguration/SearchByPlatformType', {
          platformType: 'jd',
          type,
        })
      ).data as FooterLinkGroup
    const sysDic = async (type: string) =>
      ((await portal('/Common/SysDic', { type })).data as SysDicResult).Table
    const homeLinks = async () =>
      (await portal('/Home/Link', {})).data as HomeLink[]
    const footerItem = (type: number) =>
      itemOfKind(
        staff.editor,
        'footerLinks',
        (item) => (item.working.fields as FooterLinksFields).type === type,
      )
    const dictionaryItem = (type: string) =>
      itemOfKind(
        staff.editor,
        'dictionary',
        (item) => (item.working.fields as DictionaryFields).type === type,
      )
    const save = (item: ContentItemDetail, fields: unknown, extra = {}) =>
      staff.editor.call('PUT', `/content/items/${item.id}/draft`, {
        kind: item.kind,
        fields,
        base: baseOf(item),
        ...extra,
      })
    const publicView = async (item: ContentItemDetail) =>
      (
        await staff.editor.get(
          `/content/items/${item.id}/revisions/${item.working.revisionNo}/public-view`,
        )
      ).json<Record<string, unknown>>()

    it('shows an approved footer group in the next page render and Portal API answer, not after 10 s', async () => {
      // Both caches hold the footer from here on.
      expect(await page()).toContain('中华人民共和国水利部')
      expect(await page()).not.toContain('中华人民共和国应急管理部')
      const before = await footerGroup(1)
      const item = await footerItem(1)
      const fields = item.working.fields as FooterLinksFields
      const links = [
        { title: '中华人民共和国应急管理部', url: 'https://www.mem.gov.cn/' },
        ...fields.links.filter((link) => link.title !== '中华人民共和国财政部'),
      ]

      // A draft and a submitted revision change nothing public.
      const saved = await save(item, { ...fields, links })
      expect(saved.statusCode, saved.body).toBe(200)
      expect(await page()).not.toContain('中华人民共和国应急管理部')
      expect(await footerGroup(1)).toEqual(before)

      const submitted = await staff.editor.call(
        'POST',
        `/content/items/${item.id}/submit`,
        { base: baseOf(saved.json()) },
      )
      const approved = await staff.reviewer.call(
        'POST',
        `/content/items/${item.id}/approve`,
        { base: baseOf(submitted.json()) },
      )
      expect(approved.statusCode, approved.body).toBe(200)
      const html = await page()
      expect(html).toContain(
        '<a data-group="1" href="https://www.mem.gov.cn/">中华人民共和国应急管理部</a>',
      )
      expect(html).not.toContain('中华人民共和国财政部')
      // The group's order is the revision's: the new link first.
      expect((await footerGroup(1)).children).toEqual(
        links.map((link) => ({ TITLE: link.title, ADDRESS: link.url })),
      )
      // The other groups are as they were.
      expect((await footerGroup(6)).children.length).toBeGreaterThan(0)
      expect(approved.json<ContentItemDetail>().publicPath).toBe('/index/new')
    })

    it('shows a new hotline, platform name and login address on the rendered page once approved', async () => {
      const item = await itemOfKind(staff.editor, 'siteSettings')
      // Another test of this file may have changed them already.
      const before = (item.working.fields as SiteSettingsFields).serviceHotline
      expect(await page()).toContain(`服务热线：${before}`)
      expect(item.publicPath).toBe('/contact')
      const fields: SiteSettingsFields = {
        ...(item.working.fields as SiteSettingsFields),
        platformName: '水利工程招标投标监督平台',
        serviceHotline: '0991-4531999',
        externalLoginUrl: 'https://uia.slt.xinjiang.gov.cn/sso/login',
        studySiteUrl: 'https://study.slt.xinjiang.gov.cn/portal/',
      }
      await reviseItem(staff, item, fields)
      const html = await page()
      expect(html).toContain('服务热线：0991-4531999')
      expect(html).not.toContain(`服务热线：${before}`)
      expect(html).toContain('<header>水利工程招标投标监督平台</header>')
      expect(html).toContain(
        '<a href="https://uia.slt.xinjiang.gov.cn/sso/login">登录 / 注册</a>',
      )
      expect(html).toContain(
        '<a href="https://study.slt.xinjiang.gov.cn/portal/">在线学习</a>',
      )
      // The page's JSON configuration would carry the same: the preview shows what every page will.
      expect(await publicView(await staff.editor.item(item.id))).toEqual({
        siteSettings: fields,
      })
    })

    it('answers a changed dictionary in the next /Common/SysDic, in its order', async () => {
      const before = await sysDic('project_type')
      expect(before.map((entry) => entry.Label)).toContain('施工')
      const item = await dictionaryItem('project_type')
      const fields = item.working.fields as DictionaryFields
      const entries = [
        { label: '水土保持', value: '6' },
        ...fields.entries.filter((entry) => entry.label !== '服务'),
      ]
      await reviseItem(staff, item, { ...fields, entries })
      expect(await sysDic('project_type')).toEqual(
        entries.map((entry) => ({ Label: entry.label, Value: entry.value })),
      )
      expect(item.publicPath).toBeNull()
    })

    it('renames a coded dictionary’s entries, but refuses to change its values or to withdraw it', async () => {
      const item = await dictionaryItem('complaint_type')
      const fields = item.working.fields as DictionaryFields
      expect(item.allowedActions).not.toContain('withdraw')
      const changedValue = await save(item, {
        ...fields,
        entries: fields.entries.map((entry, i) =>
          i === 0 ? { ...entry, value: 'tender_documents' } : entry,
        ),
      })
      expect(changedValue.statusCode).toBe(400)
      expect(changedValue.json().message).toBe(
        '「投诉类型」字典的取值由平台使用，只能修改名称和顺序，不能增删或修改取值；缺少：bid_documents；多出：tender_documents',
      )
      const withdrawn = await staff.reviewer.call(
        'POST',
        `/content/items/${item.id}/withdraw`,
        { reason: '不再使用' },
      )
      expect(withdrawn.statusCode).toBe(409)
      expect(withdrawn.json().message).toContain('不能撤回')
      expect((await sysDic('complaint_type')).length).toBe(
        fields.entries.length,
      )

      const renamed = fields.entries.map((entry) =>
        entry.value === 'other' ? { ...entry, label: '其他事项' } : entry,
      )
      await reviseItem(staff, await staff.editor.item(item.id), {
        ...fields,
        entries: [...renamed].reverse(),
      })
      const answered = await sysDic('complaint_type')
      expect(answered[0]).toEqual({ Label: '其他事项', Value: 'other' })
    })

    it('refuses a javascript: address, a duplicate dictionary value and a malformed hotline, changing nothing', async () => {
      const footer = await footerItem(4)
      const fields = footer.working.fields as FooterLinksFields
      const publicBefore = await footerGroup(4)
      const bad = await save(footer, {
        ...fields,
        links: [
          ...fields.links,
          { title: '恶意链接', url: 'javascript:alert(document.cookie)' },
        ],
      })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().message).toBe(
        '链接地址须为以 http:// 或 https:// 开头的网址，或以 / 开头的本站地址',
      )
      for (const url of [
        'JavaScript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        '//evil.example.com/',
        'http://',
        'https://exa mple.com/',
      ]) {
        const refused = await staff.editor.call('POST', '/content/items', {
          kind: 'homeLinks',
          fields: { links: [{ title: '链接', url }] },
        })
        expect(refused.statusCode, url).toBe(400)
      }
      const twice = await save(footer, {
        ...fields,
        links: [...fields.links, { ...fields.links[0]!, title: '另一个名称' }],
      })
      expect(twice.statusCode).toBe(400)
      expect(twice.json().message).toContain('重复')
      // Nothing was saved: the working revision is still the published one.
      expect((await staff.editor.item(footer.id)).working).toEqual(
        footer.working,
      )
      expect(await footerGroup(4)).toEqual(publicBefore)

      const dictionary = await staff.editor.call('POST', '/content/items', {
        kind: 'dictionary',
        fields: {
          type: 'fund_source',
          name: '资金来源',
          entries: [
            { label: '中央预算内投资', value: '1' },
            { label: '地方财政', value: '2' },
            { label: '自筹', value: '1' },
          ],
        },
      })
      expect(dictionary.statusCode).toBe(400)
      expect(dictionary.json().message).toBe(
        '第3项的取值「1」与第1项重复，同一字典中的取值不能重复',
      )

      const settings = await itemOfKind(staff.editor, 'siteSettings')
      for (const serviceHotline of [
        '400 9955 015',
        '12345',
        'tel:4009955015',
      ]) {
        const refused = await save(settings, {
          ...(settings.working.fields as SiteSettingsFields),
          serviceHotline,
        })
        expect(refused.statusCode, serviceHotline).toBe(400)
        expect(refused.json().message).toContain('服务热线格式不正确')
      }
      const loginScript = await save(settings, {
        ...(settings.working.fields as SiteSettingsFields),
        externalLoginUrl: 'javascript:alert(1)',
      })
      expect(loginScript.statusCode).toBe(400)
      expect(loginScript.json().message).toBe(
        '登录注册地址须为以 http:// 或 https:// 开头的网址',
      )
    })

    it('keeps one item per list: a second footer group, settings or dictionary type is refused', async () => {
      const group = await footerItem(3)
      const second = await staff.editor.call('POST', '/content/items', {
        kind: 'footerLinks',
        fields: {
          type: 3,
          links: [{ title: '某交易中心', url: 'https://ggzy.example.gov.cn/' }],
        },
      })
      expect(second.statusCode).toBe(409)
      expect(second.json().message).toBe(
        `页脚「地州市交易中心」分组已有内容（内容编号 ${group.id}），请修改该条内容`,
      )
      const settings = await staff.editor.call('POST', '/content/items', {
        kind: 'siteSettings',
        fields: SITE_SETTING_DEFAULTS,
      })
      expect(settings.statusCode).toBe(409)
      const region = await staff.editor.call('POST', '/content/items', {
        kind: 'dictionary',
        fields: {
          type: 'project_type',
          name: '项目类型',
          entries: [{ label: '施工', value: '1' }],
        },
      })
      expect(region.statusCode).toBe(409)
      // A published group keeps its type.
      const moved = await save(group, {
        ...(group.working.fields as FooterLinksFields),
        type: 4,
      })
      expect(moved.statusCode).toBe(400)
      expect(moved.json().message).toContain('不能改为其他分组')
      const unknown = await staff.editor.call('POST', '/content/items', {
        kind: 'footerLinks',
        fields: { type: 2, links: [{ title: '链接', url: '/download' }] },
      })
      expect(unknown.statusCode).toBe(400)
      expect(unknown.json().message).toBe(
        '链接分组须为：国家部委（1）、省级水利厅（局）（6）、地州市交易中心（3）、其他网站（4）',
      )
    })

    it('never withdraws the settings, marks none of these changes as a correction, and withdraws a footer group', async () => {
      const settings = await itemOfKind(staff.editor, 'siteSettings')
      const reviewerView = await staff.reviewer.item(settings.id)
      expect(reviewerView.allowedActions).not.toContain('withdraw')
      const withdrawn = await staff.reviewer.call(
        'POST',
        `/content/items/${settings.id}/withdraw`,
        { reason: '测试' },
      )
      expect(withdrawn.statusCode).toBe(409)
      expect(withdrawn.json().message).toBe(
        CONTENT_REFUSALS.settingsNotWithdrawn,
      )
      const correction = await save(
        settings,
        settings.working.fields as SiteSettingsFields,
        { isCorrection: true, correctionNote: '更正热线' },
      )
      expect(correction.statusCode).toBe(400)
      expect(correction.json().message).toContain('请不要标记为更正')

      const group = await footerItem(6)
      expect((await staff.reviewer.item(group.id)).allowedActions).toContain(
        'withdraw',
      )
      expect(await page()).toContain('data-group="6"')
      const answer = await staff.reviewer.call(
        'POST',
        `/content/items/${group.id}/withdraw`,
        { reason: '分组调整' },
      )
      expect(answer.statusCode, answer.body).toBe(200)
      expect(await page()).not.toContain('data-group="6"')
      expect((await footerGroup(6)).children).toEqual([])
      // Published again through a new revision, it comes back.
      await reviseItem(staff, await staff.editor.item(group.id), {
        type: 6,
        links: [{ title: '甘肃省水利厅', url: 'http://slt.gansu.gov.cn/' }],
      })
      expect(await page()).toContain(
        '<a data-group="6" href="http://slt.gansu.gov.cn/">甘肃省水利厅</a>',
      )
    })

    it('withdraws a free dictionary and publishes a new one', async () => {
      const created = await publishItem(staff, 'dictionary', {
        type: 'fund_source',
        name: '资金来源',
        entries: [
          { label: '中央预算内投资', value: 'central' },
          { label: '地方财政', value: 'local' },
        ],
      })
      expect(created.itemState).toBe('published')
      expect(await sysDic('fund_source')).toEqual([
        { Label: '中央预算内投资', Value: 'central' },
        { Label: '地方财政', Value: 'local' },
      ])
      const withdrawn = await staff.reviewer.call(
        'POST',
        `/content/items/${created.id}/withdraw`,
        { reason: '不再使用' },
      )
      expect(withdrawn.statusCode, withdrawn.body).toBe(200)
      expect(await sysDic('fund_source')).toEqual([])
      // Its type keeps its item: edit that one.
      const renamedType = await save(await staff.editor.item(created.id), {
        type: 'fund_sources',
        name: '资金来源',
        entries: [{ label: '自筹', value: 'own' }],
      })
      expect(renamedType.statusCode).toBe(400)
      expect(renamedType.json().message).toContain('不能更改字典类型')
    })

    it.runIf(hasTestRedis)(
      'shows a new hotline in another process’s next page through Redis, long before its caches expire',
      async () => {
        const channel = `test:content-changes:${randomBytes(6).toString('hex')}`
        // The portals' clock stands still, so their caches (10 s) never expire here: the other
        // process learns of the change through the channel. How soon is a matter of the
        // machine's load, not asserted (docs/architecture.md: within a second).
        const frozen = new Date()
        const options = {
          config: { redisUrl: TEST_REDIS_URL },
          pageBuild: siteLayoutBuild(),
          contentScheduleIntervalMs: null,
          contentChangesChannel: channel,
          now: () => frozen,
        }
        // Two processes of one portal on one database, each with its own caches.
        const secondDb = await createDatabase({
          dataDir: t.dataDir,
          databaseUrl: t.databaseUrl,
        })
        const one = await buildTestApp(t, options)
        const other = await buildTestApp({ ...t, db: secondDb }, options)
        try {
          const people = await contentStaff(one)
          const otherPage = async () => (await other.inject({ url: '/' })).body
          expect(await otherPage()).not.toContain('服务热线：400-8899-123')
          const item = await itemOfKind(people.editor, 'siteSettings')
          await reviseItem(people, item, {
            ...(item.working.fields as SiteSettingsFields),
            serviceHotline: '400-8899-123',
          })
          await expect.poll(otherPage).toContain('服务热线：400-8899-123')
        } finally {
          await one.close()
          await other.close()
          await secondDb.destroy()
        }
      },
    )

    it('answers the home links as approved, and previews each kind as the public side will show it', async () => {
      const item = await itemOfKind(staff.editor, 'homeLinks')
      const fields = item.working.fields as HomeLinksFields
      const links = [...fields.links, { title: '下载中心', url: '/download' }]
      const saved = await save(item, { links })
      expect(saved.statusCode, saved.body).toBe(200)
      const draft = saved.json<ContentItemDetail>()
      expect(await publicView(draft)).toEqual({
        homeLinks: links.map((link, i) => ({ id: i + 1, ...link })),
      })
      // Not public before approval.
      expect((await homeLinks()).map((link) => link.url)).not.toContain(
        '/download',
      )
      await reviseItem(staff, draft, { links })
      expect(
        (await homeLinks()).map(({ title, url }) => ({ title, url })),
      ).toEqual(links)

      // A footer group's preview: the whole footer, its own group from the draft.
      const group = await footerItem(1)
      const groupDraft = (
        await save(group, {
          type: 1,
          links: [
            { title: '中华人民共和国水利部', url: 'http://www.mwr.gov.cn/' },
          ],
        })
      ).json<ContentItemDetail>()
      const preview = (await publicView(groupDraft)) as {
        footerGroups: FooterLinkGroup[]
      }
      expect(preview.footerGroups.map((g) => g.type)).toEqual([1, 6, 3, 4])
      expect(preview.footerGroups[0]!.children).toEqual([
        { TITLE: '中华人民共和国水利部', ADDRESS: 'http://www.mwr.gov.cn/' },
      ])
      expect(preview.footerGroups[3]).toEqual(await footerGroup(4))

      const dictionary = await dictionaryItem('complainant_type')
      expect(await publicView(dictionary)).toEqual({
        dictionary: {
          type: 'complainant_type',
          name: '投诉人类型',
          Table: await sysDic('complainant_type'),
        },
      })
    })
  },
)
