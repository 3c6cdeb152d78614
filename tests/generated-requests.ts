import fc from 'fast-check'

export const KNOWN_KEYS =
  `ts pageNo pageSize keyword id type ptype ctype size startTime endTime
  category subType region stage tradeMode timePreset months projectId status platformType
  complaintId name phone title content captcha captchaId purpose t complaintNo queryCode smsCode
  project complainant contact respondents complaintType objection factsHtml requests
  evidenceFileIds formFileId fileId fileIds fileName fileUrl uploadUrl signerName answerText
  reason documentId requestId operator note receiver items workdays place interviewee
  interviewer findings basis decision summary statement approvedBy extensionWorkdays conclusion
  reply accept token kind idNumber since page ocid __proto__ constructor prototype`.split(
    /\s+/,
  )

// prettier-ignore
const ODD_TEXTS = [
  '', ' ', '0', '-1', '1.5', '1e309', 'NaN', 'null', 'true', '[]', '{}', '202501010001',
  '999999999999', 'ABCDEFGHJKMN', '13800138000', 'pdf,jpg', '2025-13-45 25:61:61',
  '2025-01-01 00:00:00', '<script>alert(1)</script>', '\u0000', '\ud800', '\u202e',
  '../../etc/passwd', '%00', '水利'.repeat(60), 'complaint', 'complaint-query', 'organisation',
  'person', 'other', 'jd', '1073,1001',
]

// prettier-ignore
const ODD_NUMBERS = [
  0, -0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 0.1, 100_000, 101, 1e-7,
]

// Replaced by the time of sending, to pass the Portal API's clock check.
export const TS_PLACEHOLDER = '"__ts__"'

export function withSendTime<T>(body: T): T | string {
  return typeof body === 'string'
    ? body.replaceAll(TS_PLACEHOLDER, String(Date.now()))
    : body
}

export const hugeString = fc
  .tuple(
    fc.string({ minLength: 1, maxLength: 3, unit: 'binary' }),
    fc.integer({ min: 1_000, max: 60_000 }),
  )
  .map(([unit, times]) => unit.repeat(times))

export const oddText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(...ODD_TEXTS),
)

const leaf = fc.oneof(
  oddText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(...ODD_NUMBERS),
)

export const key = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...KNOWN_KEYS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
)

export const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>(
  (tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(key, tie('value'), { maxKeys: 4 }),
    ),
  }),
).value

// around and past the limit of 32 levels
const deepValue = fc
  .tuple(fc.integer({ min: 1, max: 300 }), leaf)
  .map(([depth, inner]) => {
    let nested: unknown = inner
    for (let i = 0; i < depth; i++) nested = i % 2 ? { a: nested } : [nested]
    return nested
  })

// around the limit of 1,000 items in one level
const wideValue = fc
  .tuple(fc.integer({ min: 900, max: 1_100 }), fc.boolean())
  .map(([count, isObject]) =>
    isObject
      ? Object.fromEntries(
          Array.from({ length: count }, (_, i) => [`k${i}`, i]),
        )
      : Array.from({ length: count }, (_, i) => i),
  )

export const params = fc.dictionary(
  key,
  fc.oneof(
    { weight: 8, arbitrary: jsonValue },
    { weight: 1, arbitrary: hugeString },
    { weight: 1, arbitrary: deepValue },
    { weight: 1, arbitrary: wideValue },
  ),
  { maxKeys: 8 },
)

export function asQuery(
  values: Record<string, unknown>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([name, v]) => [
      name,
      typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
    ]),
  )
}

export const rawBody = fc.oneof(
  { weight: 4, arbitrary: params.map((p) => JSON.stringify(p)) },
  {
    weight: 2,
    arbitrary: params.map((p) => JSON.stringify({ ...p, ts: '__ts__' })),
  },
  { weight: 1, arbitrary: jsonValue.map((v) => JSON.stringify(v) ?? '') },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
  },
  {
    // Thousands of levels: as text, since building them as objects would overflow the stack.
    weight: 2,
    arbitrary: fc
      .tuple(fc.integer({ min: 30, max: 20_000 }), fc.boolean())
      .map(([depth, isField]) => {
        const deep = '['.repeat(depth) + ']'.repeat(depth)
        return isField ? `{"ts":${TS_PLACEHOLDER},"a":${deep}}` : deep
      }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', '{', '{"ts":', 'null', '[]', '""'),
  },
)

// prettier-ignore
const CONTENT_TYPES = [
  'application/json; charset=utf-8', 'application/json; charset=UTF-8',
  'application/json; charset=utf-16', 'application/json; charset=latin1',
  'application/json;charset="gbk"', 'application/json; charset=', 'text/plain',
  'text/plain; charset=iso-8859-1', 'application/x-www-form-urlencoded',
  'multipart/form-data', 'multipart/form-data; boundary=----x', 'application/xml',
  'application/octet-stream', '*/*', ';;;',
]

// Mostly JSON, so that bodies reach the parsers.
const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  { weight: 4, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  {
    weight: 1,
    arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
)

const hex64 = fc.string({
  unit: fc.constantFrom(...'0123456789abcdef'),
  minLength: 64,
  maxLength: 64,
})
const headerText = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', maxLength: 70 }),
  hex64,
  fc.constantFrom('', 'UNSIGNED-PAYLOAD', String(Date.now()), '0', '-1'),
)
const optional = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.option(arbitrary, { nil: undefined })

export function headerSet(staffToken: string) {
  return fc
    .record({
      'content-type': contentType,
      'x-sign': optional(headerText),
      'x-timestamp': optional(headerText),
      'x-nonce': optional(headerText),
      'x-content-sha256': optional(headerText),
      'x-signature': optional(headerText),
      authorization: optional(
        fc.oneof(
          headerText,
          fc.constant(`Bearer ${staffToken}`),
          headerText.map((text) => `Bearer ${text}`),
        ),
      ),
      accept: optional(fc.constantFrom('application/json', 'text/html', '*/*')),
    })
    .map(
      (headers) =>
        Object.fromEntries(
          Object.entries(headers).filter(
            ([, text]) => text !== undefined && /^[\t\x20-\x7e]*$/.test(text),
          ),
        ) as Record<string, string>,
    )
}

// prettier-ignore
const BROKEN_QUERIES = [
  '%', '%E0%A4%A', 'a=%ZZ', '&&&==', 'ts=1&ts=2', 'pageNo[]=1', '__proto__[a]=1',
  `token=${'a'.repeat(65)}`, `ts=${'9'.repeat(40)}`,
]

export const queryString = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .dictionary(
        key,
        fc.oneof(
          oddText,
          hugeString.map((s) => s.slice(0, 3000)),
        ),
        { maxKeys: 6 },
      )
      .map((query) => new URLSearchParams(query).toString()),
  },
  { weight: 1, arbitrary: fc.constantFrom(...BROKEN_QUERIES) },
)

export const pathParam = fc.oneof(
  fc.constantFrom(
    '202501010001',
    '999999999999',
    '1',
    '0',
    '-1',
    'abc',
    '%E6%B0%B4',
  ),
  fc
    .string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 20 })
    .map(encodeURIComponent),
)

export function fillPath(url: string, values: string[]) {
  let index = 0
  return url.replace(/:[A-Za-z]+/g, () => values[index++ % values.length]!)
}

// prettier-ignore
const FILE_NAMES = [
  'a.pdf', '证据.docx', '../../a.pdf', 'a\u0000.pdf', '.pdf', '', 'a.pdf.exe',
  `${'x'.repeat(300)}.png`,
]
const FILE_STARTS = [
  '%PDF-1.4\n%EOF',
  'PK\u0003\u0004',
  'GIF89a',
  '\u0089PNG\r\n\u001a\n',
  '',
]

const MULTIPART_BOUNDARY = '----portalproperty'

export const multipartBody = fc
  .record({
    parts: fc.array(
      fc.record({
        field: fc.constantFrom('file', 'upfile', 'token', 'remark', '', '"'),
        filename: optional(
          fc.oneof(
            fc.constantFrom(...FILE_NAMES),
            fc.string({ unit: 'grapheme', maxLength: 30 }),
          ),
        ),
        content: fc.oneof(
          fc.constantFrom(...FILE_STARTS),
          fc.string({ unit: 'binary', maxLength: 300 }),
        ),
      }),
      { maxLength: 4 },
    ),
    cut: optional(fc.nat({ max: 400 })),
    hasBoundary: fc.boolean(),
  })
  .map(({ parts, cut, hasBoundary }) => {
    const text =
      parts
        .map(
          (part) =>
            `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${part.field}"` +
            (part.filename === undefined
              ? ''
              : `; filename="${part.filename}"`) +
            `\r\n\r\n${part.content}\r\n`,
        )
        .join('') + `--${MULTIPART_BOUNDARY}--\r\n`
    const bytes = Buffer.from(text, 'utf8')
    return {
      body: cut === undefined ? bytes : bytes.subarray(0, cut),
      contentType: hasBoundary
        ? `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`
        : 'multipart/form-data',
    }
  })
