/**
 * Places of the region for the demo text. Every county lists only the rivers that really
 * flow through it (or along its border), and the named water works that really lie in it, so
 * that a generated "X河Y县段" or "Y县Z水利枢纽" is geographically right.
 */
export type County = {
  name: string
  /** Rivers crossing the county, the main one first. */
  rivers: string[]
  /** Named reservoirs and hydro-junctions in the county (real ones only). */
  works?: string[]
}

export type Prefecture = {
  name: string
  short: string
  /** The water authority of the prefecture, as it signs its releases. */
  bureau: string
  counties: County[]
}

export const PREFECTURES: Prefecture[] = [
  {
    name: '昌吉回族自治州',
    short: '昌吉州',
    bureau: '昌吉州水利局',
    counties: [
      { name: '昌吉市', rivers: ['头屯河', '三屯河'] },
      { name: '阜康市', rivers: ['三工河'] },
      { name: '呼图壁县', rivers: ['呼图壁河'] },
      { name: '玛纳斯县', rivers: ['玛纳斯河', '塔西河'] },
      { name: '奇台县', rivers: ['开垦河'] },
      { name: '吉木萨尔县', rivers: ['水溪沟'] },
      { name: '木垒哈萨克自治县', rivers: ['木垒河'] },
    ],
  },
  {
    name: '伊犁哈萨克自治州',
    short: '伊犁州',
    bureau: '伊犁州水利局',
    counties: [
      { name: '伊宁市', rivers: ['伊犁河'] },
      { name: '伊宁县', rivers: ['喀什河', '伊犁河'] },
      { name: '霍城县', rivers: ['伊犁河'] },
      { name: '察布查尔锡伯自治县', rivers: ['伊犁河'] },
      {
        name: '巩留县',
        rivers: ['特克斯河'],
        works: ['恰甫其海水利枢纽'],
      },
      { name: '新源县', rivers: ['巩乃斯河'] },
      { name: '昭苏县', rivers: ['特克斯河'] },
      { name: '特克斯县', rivers: ['特克斯河'] },
      { name: '尼勒克县', rivers: ['喀什河'] },
    ],
  },
  {
    name: '阿克苏地区',
    short: '阿克苏地区',
    bureau: '阿克苏地区水利局',
    counties: [
      { name: '阿克苏市', rivers: ['阿克苏河'] },
      { name: '库车市', rivers: ['渭干河', '库车河'] },
      { name: '温宿县', rivers: ['阿克苏河', '台兰河'] },
      { name: '沙雅县', rivers: ['渭干河', '塔里木河'] },
      { name: '新和县', rivers: ['渭干河'] },
      {
        name: '拜城县',
        rivers: ['木扎尔特河', '渭干河'],
        works: ['克孜尔水库'],
      },
      { name: '乌什县', rivers: ['托什干河'] },
      { name: '阿瓦提县', rivers: ['阿克苏河'] },
    ],
  },
  {
    name: '喀什地区',
    short: '喀什地区',
    bureau: '喀什地区水利局',
    counties: [
      { name: '喀什市', rivers: ['吐曼河', '克孜河'] },
      { name: '疏附县', rivers: ['盖孜河', '克孜河'] },
      { name: '疏勒县', rivers: ['克孜河'] },
      { name: '英吉沙县', rivers: ['依格孜牙河'] },
      { name: '泽普县', rivers: ['叶尔羌河'] },
      {
        name: '莎车县',
        rivers: ['叶尔羌河'],
        works: ['阿尔塔什水利枢纽'],
      },
      { name: '叶城县', rivers: ['提孜那甫河'] },
      { name: '麦盖提县', rivers: ['叶尔羌河'] },
      { name: '伽师县', rivers: ['克孜河'] },
      {
        name: '巴楚县',
        rivers: ['叶尔羌河', '喀什噶尔河'],
        works: ['小海子水库'],
      },
      {
        name: '塔什库尔干塔吉克自治县',
        rivers: ['塔什库尔干河'],
        works: ['下坂地水利枢纽'],
      },
    ],
  },
  {
    name: '哈密市',
    short: '哈密市',
    bureau: '哈密市水利局',
    counties: [
      { name: '伊州区', rivers: ['石城子河'] },
      { name: '巴里坤哈萨克自治县', rivers: ['柳条河'] },
      { name: '伊吾县', rivers: ['伊吾河'] },
    ],
  },
  {
    name: '塔城地区',
    short: '塔城地区',
    bureau: '塔城地区水利局',
    counties: [
      { name: '塔城市', rivers: ['额敏河'] },
      { name: '乌苏市', rivers: ['奎屯河', '四棵树河'] },
      { name: '沙湾市', rivers: ['玛纳斯河', '金沟河'] },
      { name: '额敏县', rivers: ['额敏河'] },
      { name: '托里县', rivers: ['白杨河'] },
      { name: '裕民县', rivers: ['塔斯特河'] },
    ],
  },
  {
    name: '阿勒泰地区',
    short: '阿勒泰地区',
    bureau: '阿勒泰地区水利局',
    counties: [
      { name: '阿勒泰市', rivers: ['克兰河'] },
      { name: '布尔津县', rivers: ['额尔齐斯河', '布尔津河'] },
      {
        name: '富蕴县',
        rivers: ['额尔齐斯河'],
        works: ['喀腊塑克水利枢纽'],
      },
      {
        name: '福海县',
        rivers: ['乌伦古河', '额尔齐斯河'],
        works: ['635水利枢纽'],
      },
      { name: '哈巴河县', rivers: ['额尔齐斯河', '哈巴河'] },
      { name: '青河县', rivers: ['乌伦古河'] },
    ],
  },
  {
    name: '和田地区',
    short: '和田地区',
    bureau: '和田地区水利局',
    counties: [
      { name: '和田市', rivers: ['玉龙喀什河'] },
      {
        name: '和田县',
        rivers: ['喀拉喀什河', '玉龙喀什河'],
        works: ['乌鲁瓦提水利枢纽'],
      },
      { name: '墨玉县', rivers: ['喀拉喀什河'] },
      { name: '皮山县', rivers: ['桑株河'] },
      { name: '洛浦县', rivers: ['玉龙喀什河'] },
      { name: '策勒县', rivers: ['策勒河'] },
      { name: '于田县', rivers: ['克里雅河'] },
      { name: '民丰县', rivers: ['尼雅河'] },
    ],
  },
  {
    name: '巴音郭楞蒙古自治州',
    short: '巴州',
    bureau: '巴州水利局',
    counties: [
      { name: '库尔勒市', rivers: ['孔雀河'] },
      { name: '轮台县', rivers: ['塔里木河', '迪那河'] },
      { name: '尉犁县', rivers: ['孔雀河', '塔里木河'] },
      { name: '若羌县', rivers: ['车尔臣河', '塔里木河'] },
      {
        name: '且末县',
        rivers: ['车尔臣河'],
        works: ['大石门水利枢纽'],
      },
      { name: '焉耆回族自治县', rivers: ['开都河'] },
      { name: '和静县', rivers: ['开都河'] },
      { name: '博湖县', rivers: ['开都河', '孔雀河'] },
    ],
  },
  {
    name: '吐鲁番市',
    short: '吐鲁番市',
    bureau: '吐鲁番市水利局',
    counties: [
      { name: '高昌区', rivers: ['大河沿河'] },
      { name: '鄯善县', rivers: ['柯柯亚河', '二塘沟'] },
      { name: '托克逊县', rivers: ['阿拉沟', '白杨河'] },
    ],
  },
  {
    name: '博尔塔拉蒙古自治州',
    short: '博州',
    bureau: '博州水利局',
    counties: [
      { name: '博乐市', rivers: ['博尔塔拉河'] },
      { name: '精河县', rivers: ['精河'] },
      { name: '温泉县', rivers: ['博尔塔拉河'] },
    ],
  },
  {
    name: '克孜勒苏柯尔克孜自治州',
    short: '克州',
    bureau: '克州水利局',
    counties: [
      { name: '阿图什市', rivers: ['恰克马克河'] },
      { name: '阿克陶县', rivers: ['盖孜河'] },
      { name: '阿合奇县', rivers: ['托什干河'] },
      {
        name: '乌恰县',
        rivers: ['克孜河'],
        works: ['卡拉贝利水利枢纽'],
      },
    ],
  },
]

/** Every river named in the table, for checks of the generated text. */
export const RIVERS: string[] = [
  ...new Set(
    PREFECTURES.flatMap((pref) => pref.counties.flatMap((c) => c.rivers)),
  ),
]

/**
 * Rivers that the department names in region-wide texts (flood season, basin-wide work):
 * the large rivers of the region.
 */
export const MAJOR_RIVERS = [
  '塔里木河',
  '伊犁河',
  '额尔齐斯河',
  '叶尔羌河',
  '阿克苏河',
  '开都河',
  '玛纳斯河',
  '喀什噶尔河',
  '渭干河',
  '和田河',
]

/**
 * Name stems for small reservoirs, irrigation districts and canals: common local names that
 * are no river's name, so they fit any county.
 */
export const WATER_STEMS = [
  '红山',
  '东沟',
  '西沟',
  '二道沟',
  '黄羊泉',
  '柳树沟',
  '大泉',
  '榆树沟',
  '小海子',
  '胜利',
  '团结',
  '跃进',
  '红星',
  '前进',
  '苇湖',
  '东风',
  '幸福',
  '青年',
  '五一',
  '红旗',
]

export const COMPANY_STEMS = [
  '天山',
  '昆仑',
  '丝路',
  '西域',
  '雪莲',
  '金源',
  '博格达',
  '阿尔泰',
  '绿洲',
  '胡杨',
  '天池',
  '瀚海',
  '天润',
  '鑫源',
  '北庭',
  '沙海',
]

export const AGENCY_STEMS = [
  '诚信',
  '中正',
  '恒信',
  '天衡',
  '公明',
  '立达',
  '华信',
  '正衡',
  '信实',
  '明德',
]

export const TRAINING_VENUES = [
  '乌鲁木齐市',
  '昌吉市',
  '库尔勒市',
  '伊宁市',
  '阿克苏市',
  '喀什市',
]

/** Counties the Tarim river flows through: region-level (自治区本级) flood works lie there. */
export const TARIM_COUNTIES = PREFECTURES.flatMap((pref) =>
  pref.counties
    .filter((c) => c.rivers.includes('塔里木河'))
    .map((c) => ({ pref, county: c })),
)
