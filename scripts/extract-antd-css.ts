/**
 * Writes antd's styles for the portal's theme into one static CSS file before the build.
 * The pages then run antd in zero-runtime mode: no CSS-in-JS work per render, small HTML, and
 * one stylesheet that browsers cache for a year (docs/decisions.md, antd styles).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import { extractStyle } from '@ant-design/static-style-extract'
import { ConfigProvider } from 'antd'
import { createElement } from 'react'

import { theme } from '#app/components/layout/theme.ts'

const target = path.resolve(
  import.meta.dirname,
  '..',
  'app',
  'styles',
  'antd.generated.css',
)
const css = extractStyle((node) =>
  createElement(ConfigProvider, { theme }, node),
)
mkdirSync(path.dirname(target), { recursive: true })
writeFileSync(target, css)
console.log(
  `antd styles: ${(css.length / 1024).toFixed(0)} KiB → ${path.relative(process.cwd(), target)}`,
)
