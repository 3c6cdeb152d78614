// @vitest-environment jsdom
import type { AddressInfo } from 'node:net'

import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { FastifyInstance } from 'fastify'
import { createMemoryRouter, Link, RouterProvider } from 'react-router'
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
  vi,
} from 'vitest'

import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { buildTestApp } from '#tests/test-app.ts'

import { useVersionCheck } from './use-version-check.ts'

// The portal answers /version.json itself; without a page build its version is 'api-only'.
let test: TestDatabase
let app: FastifyInstance
let base = ''
const checks: { url: URL; ifNoneMatch: string | null; status: number }[] = []
const realFetch = globalThis.fetch

beforeAll(async () => {
  test = await createTestDatabase('sqlite', { isEmpty: true })
  app = await buildTestApp(test)
  await app.listen({ host: '127.0.0.1', port: 0 })
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await app?.close()
  await test?.destroy()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  checks.length = 0
})

/** The page's fetch, sent to the test portal as the browser sends it to its own origin. */
function fetchFromPortal() {
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, base)
    const response = await realFetch(url, init)
    checks.push({
      url,
      ifNoneMatch: new Headers(init?.headers).get('if-none-match'),
      status: response.status,
    })
    return response
  })
}

function Page({
  version,
  onNewVersion,
}: {
  version: string
  onNewVersion: () => void
}) {
  useVersionCheck(version, onNewVersion)
  return (
    <nav>
      <Link to="/index/new">新闻动态</Link>
      <Link to="/policies/list">政策法规</Link>
      <Link to="/policies/list?pageNo=2">第2页</Link>
    </nav>
  )
}

function renderAt(path: string, version: string) {
  const onNewVersion = vi.fn()
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <Page version={version} onNewVersion={onNewVersion} />,
      },
    ],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} />)
  return { onNewVersion }
}

describe('the version check (spec §2, §4)', () => {
  it('asks on every route change, naming the build it runs, and stays while that build is live', async () => {
    fetchFromPortal()
    const user = userEvent.setup()
    const { onNewVersion } = renderAt('/index/new', 'api-only')
    // The page was just rendered by the live build.
    expect(checks).toHaveLength(0)

    await user.click(screen.getByRole('link', { name: '政策法规' }))
    await waitFor(() => expect(checks).toHaveLength(1))
    await user.click(screen.getByRole('link', { name: '第2页' }))
    await waitFor(() => expect(checks).toHaveLength(2))
    await user.click(screen.getByRole('link', { name: '新闻动态' }))
    await waitFor(() => expect(checks).toHaveLength(3))

    for (const check of checks) {
      expect(check.url.pathname).toBe('/version.json')
      expect(Number(check.url.searchParams.get('t'))).toBeGreaterThan(0)
      expect(check.ifNoneMatch).toBe('"api-only"')
      expect(check.status).toBe(304)
    }
    expect(onNewVersion).not.toHaveBeenCalled()
  })

  it('reloads the page on a route change once a newer build is live', async () => {
    fetchFromPortal()
    const user = userEvent.setup()
    const { onNewVersion } = renderAt('/index/new', 'an-older-build')
    await user.click(screen.getByRole('link', { name: '政策法规' }))
    await waitFor(() => expect(onNewVersion).toHaveBeenCalledTimes(1))
    expect(checks.map((check) => check.status)).toEqual([200])
  })

  it('keeps the page when the version file cannot be reached', async () => {
    const offline = vi.fn(() => Promise.reject(new TypeError('offline')))
    vi.stubGlobal('fetch', offline)
    const user = userEvent.setup()
    const { onNewVersion } = renderAt('/index/new', 'an-older-build')
    await user.click(screen.getByRole('link', { name: '政策法规' }))
    await user.click(screen.getByRole('link', { name: '新闻动态' }))
    await waitFor(() => expect(offline).toHaveBeenCalledTimes(2))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(onNewVersion).not.toHaveBeenCalled()
  })
})
