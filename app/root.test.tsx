import {
  createRequestHandler,
  RouterContextProvider,
  type ServerBuild,
} from 'react-router'
import { describe, expect, it } from 'vitest'

import type { ClientConfig } from '#common/client-config.ts'
import { SITE_SETTING_DEFAULTS } from '#common/constants/site.ts'
import { oneDocumentBuild, type RenderDocument } from '#tests/server-build.ts'

import { TopBar } from './components/layout/top-bar.tsx'
import * as entry from './entry.server.tsx'
import * as root from './root.tsx'

type RouteModule = NonNullable<ServerBuild['routes'][string]>['module']

const ASSETS = {
  clientActionModule: undefined,
  clientLoaderModule: undefined,
  clientMiddlewareModule: undefined,
  hydrateFallbackModule: undefined,
  hasAction: false,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: true,
}

/**
 * The app's own server entry and root, around a page with the top bar, as the host renders a
 * document.
 */
function rootBuild(): ServerBuild {
  const build = oneDocumentBuild(
    entry.default as unknown as RenderDocument,
    entry,
  )
  build.routes = {
    // The module as the build compiles it (its route types are for the app's own code).
    root: {
      id: 'root',
      path: '',
      module: root as unknown as RouteModule,
    },
    console: {
      id: 'console',
      parentId: 'root',
      path: 'admin',
      module: { default: () => <p>管理后台</p> },
    },
    page: {
      id: 'page',
      parentId: 'root',
      path: 'page',
      module: {
        default: () => (
          <>
            <TopBar loginUrl="#" />
            <p>页面正文</p>
          </>
        ),
      },
    },
  }
  build.assets.routes = {
    console: {
      id: 'console',
      parentId: 'root',
      path: 'admin',
      module: '/assets/console.js',
      ...ASSETS,
      hasLoader: false,
    },
    root: {
      id: 'root',
      path: '',
      module: '/assets/root.js',
      ...ASSETS,
      hasLoader: true,
    },
    page: {
      id: 'page',
      parentId: 'root',
      path: 'page',
      module: '/assets/page.js',
      ...ASSETS,
      hasLoader: false,
    },
  }
  return build
}

async function render(cookie?: string, path = '/page') {
  const handle = createRequestHandler(rootBuild(), 'production')
  const context = new RouterContextProvider()
  context.set(entry.clientConfigContext, {
    ...SITE_SETTING_DEFAULTS,
  } as ClientConfig)
  const response = await handle(
    new Request(`http://portal.test${path}`, {
      headers: cookie ? { cookie } : {},
    }),
    context,
  )
  expect(response.status).toBe(200)
  return response.text()
}

describe('the document the server renders', () => {
  it('is in the 适老化 mode from its first byte when the cookie asks for it: <html> marked, its stylesheet linked', async () => {
    const html = await render('display-mode=elder')
    expect(html).toMatch(/<html lang="zh-CN" data-display-mode="elder">/)
    // tests/setup/antd-stylesheet-url.ts stands in for the mode's stylesheet.
    expect(html).toContain(
      '<link rel="stylesheet" href="/assets/antd-generated.css"',
    )
    expect(html).toContain('页面正文')
    expect(html).toContain('退出适老模式')
    // The root's data, read again by the browser, says the same.
    expect(html).toMatch(/displayMode[\\"]+,[\\"]+elder/)
  })

  it('is in the standard look without the cookie or with any other value', async () => {
    for (const cookie of [undefined, 'display-mode=large', 'other=elder']) {
      const html = await render(cookie)
      expect(html).toMatch(/<html lang="zh-CN">/)
      expect(html).not.toContain('data-display-mode')
      expect(html).not.toContain('/assets/antd-generated.css')
      expect(html).toContain('适老模式')
      expect(html).not.toContain('退出适老模式')
    }
  })

  it('keeps the staff console in its standard look whatever the cookie says', async () => {
    const html = await render('display-mode=elder', '/admin')
    expect(html).toMatch(/<html lang="zh-CN">/)
    expect(html).not.toContain('/assets/antd-generated.css')
    expect(html).toContain('管理后台')
  })
})
