// docs/decisions/0002-antd-styles-pre-built-css-zero-runtime.md,
// docs/decisions/0039-first-load-paint-before-scripts.md: one file per antd style module, so a
// chunk carries the CSS of exactly the antd modules it holds, with no CSS-in-JS work per render.
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'

import {
  createCache,
  extractStyle as extractCached,
  StyleProvider,
} from '@ant-design/cssinjs'
import { extractStyle } from '@ant-design/static-style-extract'
import { ConfigProvider, type ThemeConfig } from 'antd'
import { createElement } from 'react'

import { elderTheme, theme, THEME_SCOPE } from '#app/components/layout/theme.ts'
import { DISPLAY_MODE_ATTRIBUTE } from '#common/display-mode.ts'

const root = path.resolve(import.meta.dirname, '..')
const antdEs = path.join(root, 'node_modules', 'antd', 'es')
const TARGET = path.join(root, 'app', 'styles', 'antd.generated')
const MANIFEST = 'modules.json'

function cssFileOf(styleModule: string): string {
  return `${styleModule
    .replace(/\.js$/, '')
    .replace(/^_util\//, '')
    .split('/')
    .filter((part) => part !== 'style' && part !== 'index')
    .join('-')}.css`
}

function styleModules(): Map<string, string[]> {
  const hook =
    /(?:genStyleHooks|genComponentStyleHook|genSubStyleComponent)\(\s*(\[\s*'[^']+'\s*,\s*'[^']+'\s*\]|'[^']+')/g
  const modules = new Map<string, string[]>()
  for (const entry of readdirSync(antdEs, { recursive: true })) {
    const file = String(entry)
    if (!file.endsWith('.js') || !/(^|\/)style(\/|\.js$)/.test(file)) continue
    const text = readFileSync(path.join(antdEs, file), 'utf8')
    for (const [, arg = ''] of text.matchAll(hook)) {
      const [component, sub = component] = [...arg.matchAll(/'([^']+)'/g)].map(
        (match) => match[1]!,
      )
      const names = modules.get(file) ?? []
      names.push(`${component}-${sub}`)
      modules.set(file, names)
    }
  }
  return modules
}

type Cache = ReturnType<typeof createCache>

function renderAll(withTheme: ThemeConfig): Cache {
  const rendered = createCache()
  extractStyle((node) =>
    createElement(
      StyleProvider,
      { cache: rendered },
      createElement(ConfigProvider, { theme: withTheme }, node),
    ),
  )
  return rendered
}
const cache = renderAll(theme)

function cssOf(keys: string[], from: Cache = cache): string {
  const part: Cache = createCache()
  for (const key of keys) {
    part.cache.set(key, from.cache.get(key)!)
    part.updateTimes.set(key, from.updateTimes.get(key) ?? 0)
  }
  // The cache-path map at the end serves antd's run-time styles, which the pages do not use.
  return extractCached(part, true).replace(
    /\.data-ant-cssinjs-cache-path\{content:"[^"]*";\}$/,
    '',
  )
}

const modules = styleModules()
const keysOfFile = new Map<string, string[]>()
const base: string[] = []
const unplaced: string[] = []
for (const key of cache.cache.keys()) {
  const [kind = '', ...rest] = key.split('%')
  if (kind === 'token') {
    // The theme's variables; other themes are those of previews inside some components.
    if (cssOf([key]).startsWith(`.${THEME_SCOPE}{`)) base.push(key)
    continue
  }
  // style%%Button-Button%ant-btn%… and cssVar%Button%portal%…
  const name = kind === 'style' ? rest[1] : rest[0]
  // Component variables of those previews' themes are not ours either.
  if (kind === 'cssVar' && rest[1] !== THEME_SCOPE) continue
  if (name === 'ant-design-icons' || name === 'Shared') {
    base.push(key)
    continue
  }
  const files = [...modules]
    .filter(([, names]) =>
      names.some((registered) =>
        kind === 'style'
          ? registered === name
          : registered.split('-')[0] === name,
      ),
    )
    .map(([file]) => file)
  if (files.length === 0) unplaced.push(key)
  for (const file of files)
    keysOfFile.set(file, [...(keysOfFile.get(file) ?? []), key])
}
if (unplaced.length > 0)
  throw new Error(
    `antd styles with no module of their own: ${unplaced.join(', ')}`,
  )

rmSync(TARGET, { recursive: true, force: true })
mkdirSync(TARGET, { recursive: true })
let bytes = 0
// In a cascade layer of their own: a component's styles reach a page in the file of whichever
// chunk holds its code, and may come after the page's own stylesheet; the portal's styles,
// outside any layer, still override antd's wherever each file comes.
const write = (file: string, css: string) => {
  const layered = `@layer antd{${css}}`
  writeFileSync(path.join(TARGET, file), layered)
  bytes += layered.length
}
write('base.css', cssOf(base))
const manifest: Record<string, string> = {}
for (const [file, keys] of keysOfFile) {
  manifest[`antd/es/${file}`] = cssFileOf(file)
  write(cssFileOf(file), cssOf(keys))
}
write('elder.css', elderVariables())
writeFileSync(path.join(TARGET, MANIFEST), JSON.stringify(manifest, null, 2))
console.log(
  `antd styles: ${keysOfFile.size + 1} files, ${(bytes / 1024).toFixed(0)} KiB → ${path.relative(process.cwd(), TARGET)}`,
)

function variableBlocks(from: Cache): Map<string, Map<string, string>> {
  const blocks = new Map<string, Map<string, string>>()
  for (const key of from.cache.keys()) {
    const [kind = '', ...rest] = key.split('%')
    if (kind === 'cssVar' && rest[1] !== THEME_SCOPE) continue
    if (kind !== 'cssVar' && kind !== 'token') continue
    const css = cssOf([key], from)
    if (kind === 'token' && !css.startsWith(`.${THEME_SCOPE}{`)) continue
    for (const [, selector = '', body = ''] of css.matchAll(
      /([^{}]+)\{([^{}]*)\}/g,
    )) {
      const variables = blocks.get(selector) ?? new Map<string, string>()
      for (const declaration of body.split(';')) {
        const colon = declaration.indexOf(':')
        if (colon > 0)
          variables.set(
            declaration.slice(0, colon).trim(),
            declaration.slice(colon + 1).trim(),
          )
      }
      blocks.set(selector, variables)
    }
  }
  return blocks
}

// antd's component styles are the same in every theme, written in its variables: the mode needs
// only the variables its theme changes, under `<html data-display-mode="elder">`, which also
// makes them win over the standard ones.
function elderVariables(): string {
  const standard = variableBlocks(cache)
  const scope = `:root[${DISPLAY_MODE_ATTRIBUTE}='elder']`
  let css = ''
  for (const [selector, variables] of variableBlocks(renderAll(elderTheme))) {
    const before = standard.get(selector)
    const changed = [...variables].filter(
      ([name, value]) => before?.get(name) !== value,
    )
    if (changed.length === 0) continue
    const scoped = selector
      .split(',')
      .map((part) => `${scope} ${part.trim()}`)
      .join(',')
    css += `${scoped}{${changed.map(([name, value]) => `${name}:${value}`).join(';')}}`
  }
  return css
}
