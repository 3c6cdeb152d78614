// A fixed list, the same in every run, from the very common (水, 项目: most documents) to the
// rare (a county, a river), and words that match nothing.

type KeywordKind =
  '1 character' | '2 characters' | '3 characters' | '4 characters' | 'no match'

const words = (text: string) => text.trim().split(/\s+/u)

const ONE = words(`
  水 利 项 标 县 局 河 库 渠 闸 灌 堤 坝 渗 汛 矿 井 湖
  泉 沟 招 投 审 评 监 督 诉 违 款 险 筑 草 田 域 路 电
  网 站 村 巴 塔 沙
`)

const TWO = words(`
  水利 项目 工程 招标 投标 中标 评标 开标 公告 公示 结果 资金
  建设 施工 监理 设计 勘察 采购 交易 合同 水库 灌区 干渠 支渠
  节水 防洪 治理 改造 配套 供水 河道 堤防 河湖 水源 蓄水 闸门
  山洪 抗旱 度汛 防汛 监督 投诉 处理 信用 评价 专家 代理 平台
  电子 文件 质量 安全 生态 修复 农村 城乡 财政 预算 资产 产权
  挂牌 拍卖 出让 转让 矿权 地块 土地 设备 材料 监测 天山 昆仑
  绿洲 胡杨 红山 东沟 大泉 幸福 青年 红旗 伊犁 喀什 和田 哈密
  塔城 阿勒 昌吉 吐鲁 库车 博乐
`)

const THREE = words(`
  水利局 水利厅 自治区 自治州 招标人 采购人 出让人 转让方 中标人
  投标人 哈萨克 保证金 吐鲁番 昌吉市 资格审 阜康市 除险加 节水改
  防洪堤 灌溉面 叶城县 水资源 水土保 河湖长 塔里木 伊犁河 玛纳斯
  叶尔羌 阿克苏 开都河 额尔齐 和田河 头屯河 三屯河 呼图壁 黄羊泉
  柳树沟 榆树沟 二道沟 小海子 库尔勒 博尔塔 巴音郭 泽普县 温泉县
  青河县
`)

const FOUR = words(`
  除险加固 节水改造 续建配套 防洪治理 农村供水 高效节水 中小河流
  山洪沟道 生态修复 综合治理 城乡供水 防渗改建 安全度汛 评标专家
  电子招标 招标文件 招标代理 投诉处理 信用评价 结果公示 结果公告
  中标候选 资格条件 规避招标 项目法人 工程建设 建设市场 工程质量
  合同签订 财政预算 公开招标 招标投标 水利工程 县水利局 自然资源
  远程异地 金属结构 管理范围 设施建设 项目入场 挂牌披露 交易结果
  拍卖公告 采购公告 地块公告 河道采砂 建筑石料 产权转让 增资扩股
  资产出租 塔里木河 巴音郭楞 喀什地区 塔城地区
`)

const NONE = words(`
  鲸 鳄 鹦 猩 咖啡 钢琴 熊猫 企鹅 披萨 电竞 恐龙 樱花 寿司
  魔方 海豚 足球赛 滑雪场 冰淇淋 宇航员 量子计算 芯片设计 区块链币
  动漫展览 网红直播
`)

export const SEARCH_KEYWORDS: { kind: KeywordKind; keyword: string }[] = [
  ...ONE.map((keyword) => ({ kind: '1 character' as const, keyword })),
  ...TWO.map((keyword) => ({ kind: '2 characters' as const, keyword })),
  ...THREE.map((keyword) => ({ kind: '3 characters' as const, keyword })),
  ...FOUR.map((keyword) => ({ kind: '4 characters' as const, keyword })),
  ...NONE.map((keyword) => ({ kind: 'no match' as const, keyword })),
]

export const KEYWORD_KINDS: KeywordKind[] = [
  '1 character',
  '2 characters',
  '3 characters',
  '4 characters',
  'no match',
]
