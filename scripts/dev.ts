import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { watch } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name)
let server: ChildProcess | null = null
let timer: NodeJS.Timeout | undefined
let needsBuild = true

function buildPages() {
  const css = spawnSync(process.execPath, ['scripts/extract-antd-css.ts'], {
    cwd: root,
    stdio: 'inherit',
  })
  const pages = spawnSync(bin('react-router'), ['build'], {
    cwd: root,
    stdio: 'inherit',
  })
  return css.status === 0 && pages.status === 0
}

async function restart() {
  if (needsBuild && !buildPages()) {
    console.error('页面构建失败，修改后将重试')
    return
  }
  needsBuild = false
  if (server) {
    const stopped = new Promise((resolve) => server!.once('exit', resolve))
    server.kill('SIGTERM')
    await stopped
  }
  server = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    },
  })
}

for (const folder of ['app', 'common', 'server']) {
  watch(path.join(root, folder), { recursive: true }, (_event, file) => {
    if (!file || file.includes('+types') || file.includes('antd.generated'))
      return
    if (folder !== 'server') needsBuild = true
    clearTimeout(timer)
    timer = setTimeout(() => void restart(), 300)
  })
}
process.on('SIGINT', () => {
  server?.kill('SIGTERM')
  process.exit(0)
})
await restart()
