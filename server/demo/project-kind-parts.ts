import type { TemplateContext } from './template-context.ts'

/** Where funds come from, as a project's announcements name them. */
const FUNDS = [
  '中央预算内投资及自治区配套资金',
  '中央水利发展资金',
  '地方政府专项债券资金',
  '自治区财政水利专项资金',
  '县级财政资金及自筹资金',
]

/** The works of the county: a name (from its own rivers and works) and its scale. */
export function works(c: TemplateContext): { name: string; scale: string } {
  const name = c.project()
  const km = (min: number, max: number) =>
    (min + c.random() * (max - min)).toFixed(1)
  const scale = name.includes('除险加固')
    ? `大坝防渗加固、溢洪道改建、放水涵洞拆除重建及管理设施完善，水库总库容${c.int(120, 980)}万m³`
    : name.includes('节水改造')
      ? `改建干渠${km(6, 40)}km、支渠${km(10, 60)}km，新建配套建筑物${c.int(40, 260)}座，改善灌溉面积${km(2, 30)}万亩`
      : name.includes('防洪治理') || name.includes('中小河流')
        ? `新建堤防${km(2, 18)}km、护岸${km(1, 9)}km，穿堤建筑物${c.int(3, 16)}座，防洪标准20年一遇`
        : name.includes('农村供水') || name.includes('城乡供水')
          ? `新建输水管线${km(8, 90)}km、加压泵站${c.int(1, 6)}座、蓄水池${c.int(2, 12)}座，受益人口${km(0.8, 12)}万人`
          : name.includes('干渠')
            ? `干渠防渗改建${km(5, 35)}km，设计流量${km(2, 25)}m³/s，配套节制分水闸${c.int(8, 40)}座`
            : name.includes('高效节水')
              ? `新建高效节水灌溉面积${km(1, 8)}万亩，首部系统${c.int(4, 30)}座，铺设输配水管道${km(20, 160)}km`
              : name.includes('山洪')
                ? `治理山洪沟道${km(3, 15)}km，新建防洪堤${km(2, 10)}km、谷坊${c.int(4, 20)}座`
                : `河道清淤疏浚${km(4, 20)}km，新建生态护岸${km(2, 12)}km，恢复河岸林草植被${c.int(300, 3000)}亩`
  return { name, scale }
}

export function county(c: TemplateContext) {
  return { location: `${c.pref.name}${c.county}` }
}

/** The county water bureau's public tender for `name`, paid from one of FUNDS. */
export function countyTender(c: TemplateContext, name: string) {
  return {
    ...county(c),
    name,
    tenderer: `${c.county}水利局`,
    fundSource: c.pick(FUNDS),
    tradeMode: '公开招标',
  }
}
