// What a complainant waits for on the last steps of /complaint/apply, call by call over HTTP.
// `--cpu-prof DIR` starts the portal with node --cpu-prof into DIR.
//   npm run build && node bench/filing-bench.ts [--runs 7] [--cpu-prof /tmp/prof]
import { type ChildProcess, spawn } from 'node:child_process'
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

import { SERVER_ENV, SERVER_NODE_FLAGS } from '#server/shared/runtime-flags.ts'

import { freePort } from '../scripts/free-port.ts'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    'cpu-prof': { type: 'string' },
  },
})
const runs = Number(values.runs)

const dataDir = await mkdtemp(path.join(tmpdir(), 'filing-bench-'))
const port = await freePort()
const base = `http://127.0.0.1:${port}`
let log = ''
function startPortal(withProfile: boolean): ChildProcess {
  const started = spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      ...(withProfile && values['cpu-prof']
        ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`]
        : []),
      'build/portal/main.js',
    ],
    {
      env: {
        ...process.env,
        ...SERVER_ENV,
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
        PORTAL_TEST_HOOKS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  for (const stream of [started.stdout, started.stderr])
    stream?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  return started
}

async function stopPortal() {
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
}

// The first start fills the demo content (drawing PDFs, which warms the font); a deployed
// portal restarts on a filled database, so the runs are timed on a second start.
let child = startPortal(false)

async function waitForHealth() {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`portal exited:\n${log}`)
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`portal did not start:\n${log}`)
}

let secret = ''
let cookie = ''

async function xj(
  method: 'GET' | 'POST',
  pathAndQuery: string,
  json?: unknown,
) {
  const body = json === undefined ? undefined : JSON.stringify(json)
  const timestamp = String(Date.now())
  const nonce = randomBytes(16).toString('hex')
  const hash = createHash('sha256')
    .update(body ?? '')
    .digest('hex')
  const signature = createHmac('sha256', secret)
    .update(
      [method, `/xjApi${pathAndQuery}`, timestamp, nonce, hash].join('\n'),
    )
    .digest('hex')
  const response = await fetch(`${base}/xjApi${pathAndQuery}`, {
    method,
    body,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-content-sha256': hash,
      'x-signature': signature,
    },
  })
  const setCookie = response.headers.get('set-cookie')
  if (setCookie) cookie = setCookie.split(';')[0]!
  return response
}

async function data<T>(response: Response): Promise<T> {
  const answer = (await response.json()) as { Success: boolean; Data: T }
  if (!answer.Success) throw new Error(JSON.stringify(answer))
  return answer.Data
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now()
  const result = await run()
  return [result, performance.now() - started]
}

async function smsCode(phone: string): Promise<string> {
  const masked = `${phone.slice(0, 3)}****${phone.slice(7)}`
  for (let i = 0; i < 100; i++) {
    const match = log
      .split('\n')
      .filter((line) => line.includes(masked))
      .map((line) => /验证码为(\d{6})/.exec(line))
      .findLast(Boolean)
    if (match) return match[1]!
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('no SMS code')
}

const COMPLAINANT = '新疆天山水利水电工程建设有限公司'
const CREDIT_CODE = '91650100MA7XYT1234'

async function oneFiling(run: number) {
  cookie = ''
  const phone = `139${String(Date.now() % 1e5).padStart(5, '0')}${String(run).padStart(3, '0')}`
  const t = randomUUID()
  await xj('GET', `/api/xjslts/img/code?t=${t}`)
  const { answer } = (await (
    await fetch(`${base}/__test__/captcha?t=${t}`)
  ).json()) as { answer: string }
  await data(
    await xj('POST', '/api/xjslts/sms/code', {
      phone,
      captchaId: t,
      captcha: answer,
    }),
  )
  const code = await smsCode(phone)
  // A page answers in the regional page format: { success, data, page }.
  const page = (
    (await (
      await xj('GET', '/api/xjslts/tender/project/page?pageNo=1&pageSize=1')
    ).json()) as { data: { id: string; name: string; code: string }[] }
  ).data
  const project = page[0]!
  const draft = {
    project: { id: project.id, name: project.name, code: project.code },
    complainant: {
      type: 'legal_person',
      role: 'bidder',
      name: COMPLAINANT,
      idNumber: CREDIT_CODE,
      legalRepresentative: '王建国',
      address: '乌鲁木齐市天山区解放北路1号',
    },
    contact: { name: '李明', phone, email: '' },
    respondents: [{ role: 'committee', name: '本项目评标委员会' }],
    complaintType: 'other',
    factsHtml: `<p>${'评标委员会未按招标文件规定的评标标准和方法评审，将我公司的类似工程业绩错误认定为无效，导致我公司未能进入中标候选人名单。'.repeat(6)}</p>`,
    requests: '请求责令招标人组织原评标委员会重新评审。',
    evidenceFileIds: [],
  }
  const [form, generateMs] = await timed(async () =>
    data<{ id: string }>(await xj('POST', '/api/xjslts/complaint/form', draft)),
  )
  const [, signMs] = await timed(async () => {
    const url = await data<string>(
      await xj(
        'GET',
        `/api/xjslts/ca/sign/url?fileId=${form.id}&fileName=${encodeURIComponent('投诉书.pdf')}&type=complaint`,
      ),
    )
    const token = new URL(url, base).searchParams.get('token')!
    const signed = await fetch(`${base}/ca/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token,
        kind: 'organisation',
        name: COMPLAINANT,
        idNumber: CREDIT_CODE,
      }).toString(),
    })
    if (!signed.ok) throw new Error(`sign page: ${signed.status}`)
  })
  const [sealed, sealedFileMs] = await timed(async () =>
    data<{ id: string }[]>(
      await xj('GET', `/api/xjslts/ca/sign/file?fileId=${form.id}`),
    ),
  )
  const [, submitMs] = await timed(async () =>
    data(
      await xj('POST', '/api/xjslts/zxtstj', {
        ...draft,
        formFileId: sealed[0]!.id,
        smsCode: code,
        clientKey: randomUUID(),
      }),
    ),
  )
  return { generateMs, signMs, sealedFileMs, submitMs }
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

try {
  await waitForHealth()
  await stopPortal()
  child = startPortal(true)
  await waitForHealth()
  secret = (
    JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as {
      regionalHmacSecret: string
    }
  ).regionalHmacSecret
  const results: Awaited<ReturnType<typeof oneFiling>>[] = []
  for (let run = 1; run <= runs; run++) {
    const result = await oneFiling(run)
    results.push(result)
    console.log(
      `run ${run}: ${Object.entries(result)
        .map(([step, ms]) => `${step} ${ms.toFixed(0)}`)
        .join(', ')}`,
    )
  }
  console.log(
    `median of ${runs}: ${Object.keys(results[0]!)
      .map(
        (step) =>
          `${step} ${median(results.map((r) => r[step as keyof typeof r])).toFixed(0)} ms`,
      )
      .join(', ')}`,
  )
} finally {
  await stopPortal()
  await rm(dataDir, { recursive: true, force: true })
}
