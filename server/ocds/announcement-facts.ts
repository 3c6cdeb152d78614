import {
  type StageFacts,
  StageFactsSchema,
} from '#common/schemas/content/stage-facts.ts'
import { htmlToText } from '#server/search/search-text.ts'

// Nothing is guessed from prose: an announcement that names its winner only in a sentence
// names none here. The text is the sanitized HTML the portal stores, so tables are plain. A
// construction tender's stages also carry their facts as data (stage-facts.ts), which then say
// who bid and who won instead of the tables.

export type AnnouncementFacts = {
  // 投标人, 供应商, 竞买人, 中标候选人 …, once each.
  tenderers: string[]
  // 中标人, 成交供应商, 竞得人, 受让方 …
  winner: string | null
  // In yuan: 中标价, 成交金额, 成交价格 …
  awardAmount: number | null
  creditCodes: Record<string, string>
}

type Table = { rows: string[][]; hasHead: boolean }

function readTables(html: string): Table[] {
  const tables: Table[] = []
  for (const [table] of html.matchAll(/<table\b[\s\S]*?<\/table>/gi)) {
    const rows = [...table.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi)].map(
      ([, row]) =>
        [...row!.matchAll(/<(th|td)\b[^>]*>([\s\S]*?)<\/\1>/gi)].map(
          ([, tag, cell]) => ({
            isHead: tag!.toLowerCase() === 'th',
            text: htmlToText(cell!),
          }),
        ),
    )
    const first = rows[0] ?? []
    const hasHead =
      /<thead\b/i.test(table) ||
      (first.length > 2 && first.every((cell) => cell.isHead))
    tables.push({
      rows: rows.map((row) => row.map((cell) => cell.text)),
      hasHead,
    })
  }
  return tables
}

// Labels, with any 名称 / 单位 after them and spaces or full-width colons dropped.
const WINNER =
  /^(中标人|中标单位|中标供应商|成交供应商|成交人|成交单位|竞得人|受让方|承租方|买受人)$/
const AMOUNT =
  /^(中标价格?|中标金额|中标（成交）金额|成交金额|成交价格?|成交年租金|合同金额)$/
const BIDDER_COLUMN =
  /^(投标人|投标单位|供应商|竞买人|意向受让方|意向承租方|中标候选人)$/
const CREDIT_CODE_COLUMN = /^统一社会信用代码$/
// GB 32100-2015: 18 characters, digits and capitals without I, O, S, V, Z.
const CREDIT_CODE = /^[0-9A-HJ-NPQRTUWXY]{18}$/

function label(text: string): string {
  return text
    .replace(/[\s:：]/g, '')
    .replace(/（元）|\(元\)|（万元）|\(万元\)/g, '')
    .replace(/(名称|单位名称)$/, '')
}

// 12,345.00元 or 1,234.56万元.
export function amountInYuan(text: string): number | null {
  const match = /(\d[\d,]*(?:\.\d+)?)\s*(万元|元)/.exec(text)
  if (!match) return null
  const value = Number(match[1]!.replaceAll(',', ''))
  if (!Number.isFinite(value)) return null
  return Math.round(value * (match[2] === '万元' ? 10_000 : 1) * 100) / 100
}

function partyName(text: string): string | null {
  const name = text.trim()
  if (name === '' || name.length > 200 || /^[-—/无]+$/.test(name)) return null
  return name
}

export function readAnnouncementFacts(html: string): AnnouncementFacts {
  const tenderers: string[] = []
  let winner: string | null = null
  let awardAmount: number | null = null
  const creditCodes: Record<string, string> = {}
  const addTenderer = (name: string | null) => {
    if (name && !tenderers.includes(name)) tenderers.push(name)
  }
  for (const table of readTables(html)) {
    if (table.hasHead) {
      const [head = [], ...rows] = table.rows
      const column = head.findIndex((cell) => BIDDER_COLUMN.test(label(cell)))
      const codeColumn = head.findIndex((cell) =>
        CREDIT_CODE_COLUMN.test(label(cell)),
      )
      if (column >= 0)
        for (const row of rows) {
          const name = partyName(row[column] ?? '')
          addTenderer(name)
          const code = (row[codeColumn] ?? '').trim().toUpperCase()
          if (name && codeColumn >= 0 && CREDIT_CODE.test(code))
            creditCodes[name] = code
        }
      continue
    }
    // A table of facts: label, value (twice over in a four-cell row).
    for (const row of table.rows)
      for (let i = 0; i + 1 < row.length; i += 2) {
        const name = label(row[i]!)
        const value = row[i + 1]!
        if (winner === null && WINNER.test(name)) winner = partyName(value)
        else if (awardAmount === null && AMOUNT.test(name))
          awardAmount = amountInYuan(value)
      }
  }
  // The winner bid too, whether or not a table of bidders is published.
  addTenderer(winner)
  return { tenderers, winner, awardAmount, creditCodes }
}

// As project-detail.ts reads them: JSON that no longer reads as its stage's facts gives none.
export function readStageFacts(
  text: string | null | undefined,
  stage: string,
): StageFacts | null {
  if (!text) return null
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return null
  }
  const parsed = StageFactsSchema.safeParse(json)
  return parsed.success && parsed.data.stage === stage ? parsed.data : null
}

// The bidders, winner and price the facts give, with their checked 统一社会信用代码; a 招标公告's
// facts name nobody, so its tables still say what they say.
export function namedInFacts(
  facts: StageFacts,
  tables: AnnouncementFacts,
): AnnouncementFacts {
  const parties =
    facts.stage === 'bidOpening'
      ? facts.bids.map((bid) => bid.bidder)
      : facts.stage === 'bidEvaluation'
        ? [
            ...facts.candidates.toSorted((a, b) => a.rank - b.rank),
            ...facts.rejected,
          ].map((row) => row.bidder)
        : facts.stage === 'bidResult'
          ? [facts.winner]
          : null
  if (parties === null) return tables
  return {
    tenderers: parties.map((party) => party.name),
    winner: facts.stage === 'bidResult' ? facts.winner.name : null,
    awardAmount: facts.stage === 'bidResult' ? facts.price : null,
    creditCodes: Object.fromEntries(
      parties.map((party) => [party.name, party.creditCode]),
    ),
  }
}
