// @vitest-environment jsdom
import { createHash } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { inlineScriptHashes } from './content-security-policy.ts'
import {
  deferAppStart,
  START_LOADER,
  START_MODULES_ID,
  START_SCRIPT_ID,
} from './deferred-app-start.ts'

// What React Router's <Scripts> writes, shortened: preloads in <head>, one module script.
const APP_MODULE =
  'import * as route0 from "/assets/root-a.js";\nimport("/assets/entry.client-b.js");'
const PAGE =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-b.js"/>' +
  '<link rel="modulepreload" href="/assets/root-a.js"/><link rel="stylesheet" href="/assets/root.css"/>' +
  '</head><body><main><h1>新闻动态</h1></main>' +
  '<script>window.__reactRouterContext = {};</script>' +
  `<script type="module" async="">${APP_MODULE}</script></body></html>`

const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

describe('deferred app start', () => {
  it('sends the page without script preloads and with the app module kept inert', () => {
    const html = deferAppStart(PAGE)
    expect(html).not.toContain('rel="modulepreload"')
    expect(html).not.toContain('type="module"')
    expect(html).toContain(
      `<script type="text/x-portal-start" id="${START_SCRIPT_ID}">${APP_MODULE}</script>`,
    )
    expect(html).toContain(
      `<script type="application/json" id="${START_MODULES_ID}">["/assets/entry.client-b.js","/assets/root-a.js"]</script>`,
    )
    // The stylesheet and the content stay where they were.
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>')
    expect(html.indexOf('<h1>新闻动态</h1>')).toBeLessThan(
      html.indexOf(START_LOADER),
    )
    expect(html.endsWith('</body></html>')).toBe(true)
  })

  it('lets the CSP allow the app module and the loader, and nothing else', () => {
    const hashes = inlineScriptHashes(deferAppStart(PAGE))
    expect(hashes).toContain(sha256(APP_MODULE))
    expect(hashes).toContain(sha256(START_LOADER))
    expect(hashes).toContain(sha256('window.__reactRouterContext = {};'))
    expect(hashes).toHaveLength(3)
  })

  it('leaves a page without an app module as it is', () => {
    const page = '<html><head></head><body><p>维护中</p></body></html>'
    expect(deferAppStart(page)).toBe(page)
  })

  it('starts the app in the browser: the modules preloaded, the module script run', () => {
    document.open()
    document.write(deferAppStart(PAGE).replace(/<script>[^<]*<\/script>/g, ''))
    document.close()
    // A hidden page paints nothing: the loader starts at once instead of after a frame.
    Object.defineProperty(document, 'hidden', {
      configurable: true,
      get: () => true,
    })
    new Function(START_LOADER)()
    const preloads = [
      ...document.head.querySelectorAll('link[rel="modulepreload"]'),
    ].map((link) => link.getAttribute('href'))
    expect(preloads).toEqual(['/assets/entry.client-b.js', '/assets/root-a.js'])
    const started = document.body.querySelector('script[type="module"]')
    expect(started?.textContent).toBe(APP_MODULE)
  })
})
