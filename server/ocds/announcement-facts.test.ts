import { describe, expect, it } from 'vitest'

import { amountInYuan, readAnnouncementFacts } from './announcement-facts.ts'

const facts = (rows: [string, string][]) =>
  `<table><tbody>${rows.map(([l, v]) => `<tr><th>${l}</th><td>${v}</td></tr>`).join('')}</tbody></table>`
const grid = (head: string[], rows: string[][]) =>
  `<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows
    .map((row) => `<tr>${row.map((c) => `<td>${c}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`

describe('what an announcement’s tables say', () => {
  it('reads the bidders of an opening record, once each, in the table’s order', () => {
    const html =
      '<p>共有3家投标人按时递交了电子投标文件。</p>' +
      facts([['最高投标限价（元）', '38,605,000.00']]) +
      grid(
        ['序号', '投标人名称', '投标报价（元）', '项目经理'],
        [
          ['1', '新疆水利水电工程有限公司', '36,100,000.00', '王某'],
          ['2', '中铁二十局集团有限公司', '36,920,500.00', '李某'],
          ['3', '新疆水利水电工程有限公司', '36,100,000.00', '王某'],
        ],
      )
    expect(readAnnouncementFacts(html)).toEqual({
      tenderers: ['新疆水利水电工程有限公司', '中铁二十局集团有限公司'],
      winner: null,
      awardAmount: null,
      creditCodes: {},
    })
  })

  it('reads the winner and the price of a result notice, and counts the winner as a bidder', () => {
    const html = facts([
      ['招标人', '新疆塔里木河流域管理局'],
      ['招标代理机构', '新疆诚信招标代理有限公司'],
      ['中标人', '新疆水利水电工程有限公司'],
      ['中标价', '36,100,000.00元（3,610.00万元）'],
    ])
    expect(readAnnouncementFacts(html)).toMatchObject({
      tenderers: ['新疆水利水电工程有限公司'],
      winner: '新疆水利水电工程有限公司',
      awardAmount: 36_100_000,
    })
  })

  it('reads the labels of procurement, mining and asset trades, and 万元 amounts', () => {
    expect(
      readAnnouncementFacts(
        grid(
          ['序号', '供应商名称', '报价（元）'],
          [['1', '甲公司', '100.00']],
        ) +
          facts([
            ['成交供应商', '甲公司'],
            ['成交金额', '1,000,000.00元（100.00万元）'],
          ]),
      ),
    ).toMatchObject({
      tenderers: ['甲公司'],
      winner: '甲公司',
      awardAmount: 1_000_000,
    })
    expect(
      readAnnouncementFacts(
        facts([
          ['竞得人', '新疆绿洲矿业有限公司'],
          ['成交价', '525.50万元'],
        ]),
      ),
    ).toMatchObject({ winner: '新疆绿洲矿业有限公司', awardAmount: 5_255_000 })
    expect(
      readAnnouncementFacts(
        facts([
          ['转让方', '某国有资产经营公司'],
          ['受让方', '某投资有限公司'],
          ['成交价格', '1,234.57万元'],
        ]),
      ),
    ).toMatchObject({ winner: '某投资有限公司', awardAmount: 12_345_700 })
  })

  it('reads a table an editor made with header cells in its first row, and four-cell fact rows', () => {
    const html =
      '<table><tbody><tr><th>排序</th><th>中标候选人</th><th>投标报价（元）</th></tr>' +
      '<tr><td>第一中标候选人</td><td>甲公司</td><td>1.00</td></tr>' +
      '<tr><td>第二中标候选人</td><td>乙公司</td><td>2.00</td></tr></tbody></table>' +
      '<table><tr><td>中标单位：</td><td>甲公司</td><td>中标金额</td><td>1.5万元</td></tr></table>'
    expect(readAnnouncementFacts(html)).toMatchObject({
      tenderers: ['甲公司', '乙公司'],
      winner: '甲公司',
      awardAmount: 15_000,
    })
  })

  it('takes a unified social credit code given beside a bidder, and only a well-formed one', () => {
    const html = grid(
      ['序号', '投标人名称', '统一社会信用代码'],
      [
        ['1', '甲公司', '91650100MA77ABCD1P'],
        ['2', '乙公司', '待补充'],
      ],
    )
    expect(readAnnouncementFacts(html).creditCodes).toEqual({
      甲公司: '91650100MA77ABCD1P',
    })
  })

  it('guesses nothing from prose, placeholders or a text without tables', () => {
    expect(
      readAnnouncementFacts(
        '<p>经挂牌，某公司以1,000.00万元竞得该地块。</p>' +
          facts([['中标人', '—']]),
      ),
    ).toEqual({
      tenderers: [],
      winner: null,
      awardAmount: null,
      creditCodes: {},
    })
  })

  it.each([
    ['12,345,678.00元（1,234.57万元）', 12_345_678],
    ['1,234.56万元', 12_345_600],
    ['0.1万元', 1000],
    ['约三百万元', null],
    ['', null],
  ])('reads %s as %s yuan', (text, yuan) => {
    expect(amountInYuan(text)).toBe(yuan)
  })
})
