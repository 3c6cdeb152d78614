import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
let fontBytes: Promise<Uint8Array> | undefined

/**
 * Noto Sans SC (OFL) from npm, for every PDF the portal draws (demo documents, complaint forms,
 * decisions, seals): the standard PDF fonts have no Chinese glyphs. Read once per process
 * (about 10 MB, outside the JavaScript heap).
 */
export function cjkFontBytes(): Promise<Uint8Array> {
  fontBytes ??= readFile(
    require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  ).catch((error: unknown) => {
    fontBytes = undefined
    throw error
  })
  return fontBytes
}
