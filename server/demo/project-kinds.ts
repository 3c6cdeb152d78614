import type { DemoProject } from './demo-project.ts'
import { COMPANY_STEMS } from './places.ts'
import type { TemplateContext } from './template-context.ts'
import { county, countyTender, works } from './project-kind-parts.ts'

/** What a sub-type decides about a project before its dates and offers are drawn. */
type ProjectKind = Pick<
  DemoProject,
  'name' | 'tenderer' | 'fundSource' | 'tradeMode' | 'term' | 'facts'
> & {
  /** Range of the ceiling or starting price, 万元. */
  price: [number, number]
  /** Offers at the opening / auction / listing. */
  offers: [number, number]
  agency?: string
  venue?: string
  location?: string
  regionCode?: string
}

/** Sub-type → how its projects are named and traded (spec §9 categories 1-7). */
export const PROJECT_KINDS: Record<
  number,
  (c: TemplateContext) => ProjectKind
> = {
  101: (c) => {
    const w = works(c)
    return {
      ...countyTender(c, w.name),
      term: c.pick([180, 240, 300, 365, 420, 540]),
      facts: { scale: w.scale },
      price: [800, 16000],
      offers: [4, 9],
    }
  },
  102: (c) => {
    const w = works(c)
    return {
      ...countyTender(c, w.name),
      term: c.pick([300, 365, 450, 540]),
      facts: {
        scale: `对${w.name}施工全过程实施质量、进度、投资控制及安全生产监督管理；工程内容：${w.scale}`,
      },
      price: [60, 420],
      offers: [3, 7],
    }
  },
  103: (c) => {
    const w = works(c)
    return {
      ...countyTender(c, w.name),
      term: c.pick([90, 120, 150]),
      facts: {
        scale: `完成初步设计阶段工程地质勘察、初步设计报告及施工图设计，工程内容：${w.scale}`,
      },
      price: [80, 900],
      offers: [3, 6],
    }
  },
  104: (c) => {
    const district = c.district()
    return {
      ...countyTender(
        c,
        `${c.county}${district}续建配套与节水改造工程金属结构设备`,
      ),
      term: c.pick([60, 90, 120]),
      facts: {
        scale: `平板钢闸门${c.int(12, 60)}扇、螺杆式启闭机${c.int(12, 60)}台及测控一体化闸门${c.int(4, 20)}套的制造、运输、安装与调试`,
      },
      price: [200, 2500],
      offers: [3, 6],
    }
  },
  201: (c) => {
    const pick = c.int(0, 2)
    const items = [
      {
        name: `${c.pref.short}水文勘测局水文监测站网设备采购项目`,
        tenderer: `${c.pref.short}水文勘测局`,
        scale: `采购雨量站、水位站遥测终端${c.int(20, 90)}套及配套太阳能供电系统、数据接收软件`,
      },
      {
        name: `${c.county}水利局防汛抢险物资采购项目`,
        tenderer: `${c.county}水利局`,
        scale: `采购编织袋${c.int(5, 30)}万条、土工布${c.int(1, 8)}万m²、救生衣${c.int(200, 900)}件、移动照明灯塔${c.int(4, 12)}台`,
      },
      {
        name: `${c.county}农村供水水质检测设备采购项目`,
        tenderer: `${c.county}水利局`,
        scale: `采购多参数水质分析仪、原子吸收分光光度计、气相色谱仪等水质检测设备${c.int(8, 30)}台（套）`,
      },
    ][pick]!
    return {
      ...county(c),
      name: items.name,
      tenderer: items.tenderer,
      fundSource: '财政预算资金',
      tradeMode: '公开招标',
      term: c.pick([2, 3, 6]),
      facts: { scale: items.scale },
      price: [40, 600],
      offers: [3, 6],
    }
  },
  202: (c) => ({
    ...county(c),
    name:
      c.random() < 0.5
        ? `${c.county}${c.stem}灌区管理所办公用房维修改造工程`
        : `${c.county}${c.reservoir()}管理站防汛道路维修工程`,
    tenderer: `${c.county}水利局`,
    fundSource: '财政预算资金',
    tradeMode: '竞争性磋商',
    term: c.pick([3, 4, 6]),
    facts: {
      scale: `屋面防水、外墙保温、给排水及电气线路改造，道路面层修复${c.int(2, 12)}km`,
    },
    price: [50, 400],
    offers: [3, 5],
  }),
  203: (c) => {
    const items = [
      [
        `${c.county}河湖管理范围划定服务项目`,
        `完成${c.river}等${c.int(3, 12)}条河流管理范围划定、界桩埋设及成果上图入库`,
      ],
      [
        `${c.county}水资源调查评价服务项目`,
        '开展县域地表水、地下水资源量调查评价，编制水资源调查评价报告',
      ],
      [
        `${c.county}取水工程（设施）核查登记服务项目`,
        `对县域${c.int(300, 1500)}处取水工程（设施）开展核查登记和问题整改台账建设`,
      ],
      [
        `${c.county}水土保持监测服务项目`,
        '开展生产建设项目水土保持监测及图斑遥感监管现场复核',
      ],
    ] as const
    const [name, scale] = c.pick(items)
    return {
      ...county(c),
      name,
      tenderer: `${c.county}水利局`,
      fundSource: '财政预算资金',
      tradeMode: c.pick(['公开招标', '竞争性磋商', '询价']),
      term: c.pick([6, 8, 12]),
      facts: { scale },
      price: [15, 300],
      offers: [3, 6],
    }
  },
  301: (c) => {
    const parcel = `${c.year}-${String(c.int(1, 40)).padStart(2, '0')}`
    const area = c.int(3000, 60000)
    return {
      ...county(c),
      name: c.pick([
        `${c.county}${parcel}号地块国有建设用地使用权出让`,
        `${c.county}工业园区${parcel}号宗地国有建设用地使用权挂牌出让`,
        `${c.county}${c.stem}片区${parcel}号地块国有土地使用权出让`,
      ]),
      tenderer: `${c.county}自然资源局`,
      fundSource: '—',
      tradeMode: '挂牌',
      term: 0,
      facts: {
        parcel: `${parcel}号`,
        area: `${area}平方米（约${(area / 666.67).toFixed(2)}亩）`,
        use: c.pick(['工业用地', '仓储用地', '商业服务业用地']),
        years: c.pick(['40年', '50年']),
        plotRatio: c.pick(['≥0.8', '≤1.2', '≤2.0']),
      },
      price: [200, 4800],
      offers: [1, 4],
      agency: `${c.pref.short}公共资源交易中心`,
    }
  },
  302: (c) => {
    const area = c.int(1500, 12000)
    return {
      ...county(c),
      name: `${c.county}水利局${c.stem}水管站闲置土地使用权转让`,
      tenderer: `${c.county}水利局`,
      fundSource: '—',
      tradeMode: '挂牌',
      term: 0,
      facts: {
        parcel: `${c.stem}水管站`,
        area: `${area}平方米`,
        use: '商业服务业用地',
        years: '剩余使用年限28年',
        plotRatio: '≤1.5',
      },
      price: [120, 1500],
      offers: [1, 3],
    }
  },
  401: (c) => ({
    ...county(c),
    name: `${c.county}${c.stem}地热水勘查探矿权`,
    tenderer: `${c.county}自然资源局`,
    fundSource: '—',
    tradeMode: '拍卖',
    term: 0,
    facts: {
      mineral: '地热、矿泉水',
      area: `${(2 + c.random() * 20).toFixed(2)}平方千米`,
      scale: '勘查至详查程度',
      years: '5年',
    },
    price: [50, 400],
    offers: [1, 4],
  }),
  402: (c) => ({
    ...county(c),
    name: `${c.county}${c.stem}${c.pick(['石英岩矿', '膨润土矿', '石灰岩矿'])}勘查探矿权`,
    tenderer: `${c.county}自然资源局`,
    fundSource: '—',
    tradeMode: '拍卖',
    term: 0,
    facts: {
      mineral: '非金属矿产',
      area: `${(1 + c.random() * 12).toFixed(2)}平方千米`,
      scale: '普查至详查',
      years: '5年',
    },
    price: [60, 800],
    offers: [1, 4],
  }),
  501: (c) => {
    const volume = c.int(8, 60)
    return {
      ...county(c),
      // 精河 flows through 精河县: "精河县精河段", not "精河精河县段".
      name: c.county.startsWith(c.river)
        ? `${c.county}${c.river}段${c.int(1, 6)}号可采区河道砂石采矿权`
        : c.pick([
            `${c.river}${c.county}段${c.int(1, 6)}号可采区河道砂石采矿权`,
            `${c.county}${c.river}${c.stem}河段建筑用砂石采矿权`,
            `${c.river}${c.county}${c.pick(['上游', '中游', '下游'])}河段砂石资源采矿权`,
          ]),
      tenderer: `${c.county}自然资源局`,
      fundSource: '—',
      tradeMode: '拍卖',
      term: 0,
      facts: {
        mineral: '建筑用砂、砾石',
        area: `${(0.1 + c.random() * 0.8).toFixed(3)}平方千米`,
        scale: `年度控制开采量${volume}万m³`,
        years: '3年',
      },
      price: [200, 3000],
      offers: [2, 5],
    }
  },
  502: (c) => ({
    ...county(c),
    name: `${c.county}${c.stem}建筑石料用灰岩矿采矿权`,
    tenderer: `${c.county}自然资源局`,
    fundSource: '—',
    tradeMode: '拍卖',
    term: 0,
    facts: {
      mineral: '建筑石料用灰岩',
      area: `${(0.2 + c.random()).toFixed(3)}平方千米`,
      scale: `${c.int(10, 50)}万吨/年`,
      years: '10年',
    },
    price: [300, 2500],
    offers: [2, 5],
  }),
  601: (c) => {
    const share = c.pick([15, 20, 30, 35, 49, 51])
    return {
      ...county(c),
      name: c.pick([
        `新疆${c.pick(COMPANY_STEMS)}水利水电开发有限公司${share}%股权转让`,
        `${c.county}${c.stem}水力发电有限公司${share}%国有股权转让`,
        `${c.pref.short}${c.pick(COMPANY_STEMS)}供水有限责任公司${share}%股权转让`,
      ]),
      tenderer: `${c.pref.short}水务投资（集团）有限公司`,
      fundSource: '—',
      tradeMode: '挂牌',
      term: 0,
      facts: {
        scale: `标的企业注册资本${c.int(2, 30) * 1000}万元，主营${c.river}梯级小水电站运营，装机容量${c.int(4, 60)}MW，转让方持有其${share}%股权`,
        appraisal: `经资产评估机构评估，标的企业净资产评估值已经国资监管机构备案。`,
      },
      price: [500, 12000],
      offers: [1, 3],
      agency: '新疆产权交易所',
      venue: '新疆产权交易所',
    }
  },
  602: (c) => ({
    ...county(c),
    name: `${c.county}${c.stem}水电站有限责任公司增资扩股`,
    tenderer: `${c.county}${c.stem}水电站有限责任公司`,
    fundSource: '—',
    tradeMode: '挂牌',
    term: 0,
    facts: {
      scale: `拟募集资金用于电站增效扩容改造，新增注册资本对应持股比例不超过${c.pick([30, 40, 49])}%，原股东放弃优先认缴权`,
      appraisal: '以经备案的资产评估结果为定价依据。',
    },
    price: [1000, 8000],
    offers: [1, 3],
    agency: '新疆产权交易所',
    venue: '新疆产权交易所',
  }),
  701: (c) => {
    const vehicles = c.int(2, 9)
    const isMachinery = c.random() < 0.5
    return {
      ...county(c),
      name: isMachinery
        ? `${c.county}水利局报废工程机械设备一批`
        : `${c.county}水利局超编公务车辆${vehicles}辆`,
      tenderer: `${c.county}水利局`,
      fundSource: '—',
      tradeMode: '挂牌',
      term: 0,
      facts: {
        scale: isMachinery
          ? `挖掘机${c.int(1, 3)}台、装载机${c.int(1, 3)}台、自卸车${c.int(2, 6)}辆、柴油发电机组${c.int(1, 4)}台，按现状整体转让`
          : `公务车辆${vehicles}辆（越野车、轿车、皮卡），按现状整体转让，车辆手续齐全`,
        appraisal: '经评估机构评估，评估报告已报主管部门备案。',
      },
      price: [5, 120],
      offers: [1, 5],
    }
  },
  702: (c) => {
    const isShop = c.random() < 0.5
    const years = c.pick([3, 5])
    return {
      ...county(c),
      name: isShop
        ? `${c.county}水利局临街门面房出租`
        : `${c.county}${c.reservoir()}库区水面养殖经营权出租`,
      tenderer: `${c.county}水利局`,
      fundSource: '—',
      tradeMode: '挂牌',
      term: years * 12,
      facts: {
        scale: isShop
          ? `临街门面房${c.int(2, 8)}间，建筑面积${c.int(80, 1200)}平方米，租期${years}年，租金按年支付`
          : `库区养殖水面${c.int(200, 3000)}亩，租期${years}年，租金按年支付，不得投肥养殖`,
        appraisal: '挂牌底价参照同地段同类资产市场租金确定。',
      },
      price: [3, 60],
      offers: [1, 4],
    }
  },
}
