import type { PolicyDocument } from './policy-document.ts'
import type { AttachmentSpec } from './template-context.ts'

// Interpretations (929) and interface specifications (1070) of the demo content. They explain
// the national and regional rules above in plain words and describe this portal's interfaces.

const LEGAL_OFFICE = '自治区水利厅政策法规处'
const CONSTRUCTION_OFFICE = '自治区水利厅建设与管理处'
const DEPARTMENT = '新疆维吾尔自治区水利厅'

const complaintGuide: PolicyDocument = {
  categoryId: 929,
  title: '政策解读：水利工程建设项目招标投标投诉怎么提、多久办结',
  source: LEGAL_OFFICE,
  docNumber: '',
  when: { daysBack: 2 },
  sections: [
    {
      heading: '一、谁可以投诉',
      paragraphs: [
        '《中华人民共和国招标投标法》第六十五条规定，投标人和其他利害关系人认为招标投标活动不符合法律有关规定的，有权向招标人提出异议或者依法向有关行政监督部门投诉。其他利害关系人，是指投标人以外的、与招标项目或者招标活动有直接或者间接利益关系的法人、其他组织和自然人，例如有意参加投标但因资格条件被排斥的潜在投标人。',
      ],
    },
    {
      heading: '二、什么时候投诉',
      paragraphs: [
        '《中华人民共和国招标投标法实施条例》第六十条规定，投诉应当自知道或者应当知道之日起10日内提出。对资格预审文件、招标文件、开标和评标结果（即条例第二十二条、第四十四条、第五十四条规定的事项）投诉的，应当先向招标人提出异议，异议答复期间不计算在10日内。',
      ],
    },
    {
      heading: '三、需要准备什么',
      paragraphs: [
        '投诉应当有明确的请求和必要的证明材料。投诉书一般写明投诉人和被投诉人的名称、地址及有效联系方式，投诉事项的基本事实，相关请求及主张，以及有效线索和证明材料；应先提出异议的，附上异议及答复材料。',
        '在本平台网上投诉的，投诉人须为法人、其他组织或者自然人，持有有效的电子印章，投诉书须加盖电子印章后提交。',
      ],
    },
    {
      heading: '四、多久办结',
      paragraphs: [
        '按照条例第六十一条，行政监督部门自收到投诉之日起3个工作日内决定是否受理，自受理之日起30个工作日内作出书面处理决定；需要检验、检测、鉴定、专家评审的，所需时间不计算在内。必要时，行政监督部门可以责令暂停招标投标活动（条例第六十二条）。',
        '提交后，投诉人可在“投诉举报—投诉查询”中凭投诉编号和查询码查看办理进度和处理决定。',
      ],
    },
  ],
}

const objectionGuide: PolicyDocument = {
  categoryId: 929,
  title: '政策解读：异议与投诉有什么不同',
  source: LEGAL_OFFICE,
  docNumber: '',
  when: { daysBack: 26 },
  sections: [
    {
      paragraphs: [
        '异议是向招标人提出的，投诉是向行政监督部门提出的。两者都是投标人和其他利害关系人维护自身权益的途径，但对象、时限和效果不同。',
      ],
    },
    {
      heading: '异议的时限',
      paragraphs: [
        '对资格预审文件有异议的，应当在提交资格预审申请文件截止时间2日前提出；对招标文件有异议的，应当在投标截止时间10日前提出；招标人应当自收到异议之日起3日内作出答复，作出答复前应当暂停招标投标活动（条例第二十二条）。',
        '对开标有异议的，应当在开标现场提出，招标人应当当场作出答复并制作记录（条例第四十四条）。',
        '对评标结果有异议的，应当在中标候选人公示期间提出，招标人应当自收到异议之日起3日内作出答复（条例第五十四条）。',
      ],
    },
    {
      heading: '先异议、后投诉',
      paragraphs: [
        '上述三类事项，未先向招标人提出异议而直接投诉的，行政监督部门将不予受理。对异议答复不满意，或者招标人逾期未答复的，可以在规定期限内向行政监督部门投诉，异议答复期间不计入投诉期限。',
      ],
    },
  ],
}

const mustTenderGuide: PolicyDocument = {
  categoryId: 929,
  title: '政策解读：哪些水利工程项目必须招标',
  source: CONSTRUCTION_OFFICE,
  docNumber: '',
  when: { daysBack: 70 },
  sections: [
    {
      heading: '项目范围',
      paragraphs: [
        '根据《必须招标的工程项目规定》（国家发展和改革委员会令第16号），使用预算资金200万元人民币以上并且该资金占投资额10%以上的项目，以及使用国有企业事业单位资金并且该资金占控股或者主导地位的项目，属于必须招标的范围。',
        '《必须招标的基础设施和公用事业项目范围规定》将防洪、灌溉、排涝、引（供）水等水利基础设施项目列入必须招标的大型基础设施项目范围。',
      ],
    },
    {
      heading: '规模标准',
      paragraphs: [
        '上述范围内的项目，施工单项合同估算价在400万元人民币以上，重要设备、材料等货物单项合同估算价在200万元人民币以上，勘察、设计、监理等服务单项合同估算价在100万元人民币以上的，必须招标。同一项目中可以合并进行的采购，合同估算价合计达到上述标准的，也必须招标。',
      ],
    },
    {
      heading: '不得规避招标',
      paragraphs: [
        '《中华人民共和国招标投标法》第四条规定，任何单位和个人不得将依法必须进行招标的项目化整为零或者以其他任何方式规避招标。监督检查中发现拆分标段规避招标的，将依法处理。',
      ],
    },
  ],
}

const collusionGuide: PolicyDocument = {
  categoryId: 929,
  title: '政策解读：串通投标的认定情形',
  source: LEGAL_OFFICE,
  docNumber: '',
  when: { daysBack: 180 },
  sections: [
    {
      paragraphs: [
        '《中华人民共和国招标投标法实施条例》第三十九条列举了属于投标人相互串通投标的五种情形，第四十条列举了视为投标人相互串通投标的六种情形。“属于”的情形需要查明事实，“视为”的情形只要客观现象存在即可认定，例如不同投标人的投标文件由同一单位或者个人编制、投标保证金从同一单位或者个人的账户转出。',
        '电子招标投标中，不同投标人的投标文件由同一台电脑编制、上传（如文件创建标识、网卡地址一致）的，评标委员会和监督部门通常依据条例第四十条第一项认定。',
        '投标人之间存在控股、管理关系或者单位负责人为同一人的，不得参加同一标段投标，相关投标均无效（条例第三十四条）。',
      ],
    },
  ],
}

const electronicGuide: PolicyDocument = {
  categoryId: 929,
  title: '政策解读：电子招标投标常见问题解答',
  source: CONSTRUCTION_OFFICE,
  docNumber: '',
  when: { daysBack: 9 },
  sections: [
    {
      heading: '问：电子投标文件和纸质投标文件效力一样吗？',
      paragraphs: [
        '答：一样。《电子招标投标办法》明确，以数据电文形式进行的招标投标活动与纸质形式的具有同等法律效力；《中华人民共和国电子签名法》规定，可靠的电子签名与手写签名或者盖章具有同等的法律效力。',
      ],
    },
    {
      heading: '问：投标截止前网络中断怎么办？',
      paragraphs: [
        '答：请尽早上传投标文件，不要等到截止时间前最后几分钟。截止时间以交易平台服务器时间为准，截止后上传的投标文件将被拒收。',
      ],
    },
    {
      heading: '问：开标时没有按时解密会怎样？',
      paragraphs: [
        '答：按照《自治区水利工程建设项目电子招标投标实施细则（试行）》，因投标人原因未在规定时间内解密的，视为撤回投标文件。请提前检查数字证书是否在有效期内。',
      ],
    },
    {
      heading: '问：网上投诉为什么要加盖电子印章？',
      paragraphs: [
        '答：电子印章用于确认投诉人的身份和投诉书内容未被篡改，加盖电子印章的投诉书与加盖实物印章的书面投诉书具有同等效力。',
      ],
    },
  ],
}

export const DATA_EXCHANGE_SPEC: PolicyDocument = {
  categoryId: 1070,
  title: '水利工程招标投标在线监督平台数据交换接口规范（V2.1）',
  source: DEPARTMENT,
  docNumber: '新水厅办〔{year}〕12号',
  when: { daysBack: 45 },
  hasPdfCopy: true,
  sections: [
    {
      heading: '1　适用范围',
      paragraphs: [
        '本规范规定了电子招标投标交易平台、公共资源交易平台与水利工程招标投标在线监督平台（以下简称监督平台）之间数据交换的通信协议、签名与加密方法和数据格式，适用于向监督平台推送和从监督平台获取招标投标信息的系统。',
      ],
    },
    {
      heading: '2　通信方式',
      paragraphs: [
        '接口基址为 /JdPortalApi，采用 HTTPS，请求以 POST 方式提交 JSON 对象，字符编码 UTF-8。每个请求须携带 ts 参数（毫秒时间戳），与服务器时间相差超过300秒的请求将被拒绝。',
      ],
    },
    {
      heading: '3　签名方法',
      paragraphs: [
        '将请求参数中值不为空的各项按参数名的 Unicode 码点升序排列，以“参数名=参数值”的形式用“&”连接，末尾追加“&key=”与分配的密钥，对所得字符串计算 SHA-256，以小写十六进制放在请求头 X-Sign 中。',
      ],
    },
    {
      heading: '4　应答与加密',
      paragraphs: [
        '应答为 JSON 对象：State 为200表示成功，Msg 为说明，Data 为业务数据的密文。密文采用 AES-128-CBC（PKCS#7 填充），Data 为16字节随机初始向量与密文拼接后的 Base64 编码。分页数据解密后为 { Table, Total }，分页参数为 pageNo（从1开始）和 pageSize。',
      ],
    },
    {
      heading: '5　错误处理',
      paragraphs: [
        '签名错误、时间戳过期或参数不合法时返回 HTTP 400 及 State 400，Msg 为中文原因；内容不存在时返回 State 404。调用方应当记录 Msg 并停止重试同一请求。',
      ],
    },
  ],
}

/** The trading platforms' application form: attached to the specification and offered for download. */
export const DATA_REPORT_FORM: AttachmentSpec = {
  kind: 'docx',
  name: '附件：数据报送对接申请表.docx',
  title: '水利工程招标投标在线监督平台数据报送对接申请表',
  paragraphs: [
    '申请单位（盖章）：',
    '对接系统名称及运营单位：',
    '技术联系人及联系电话：',
  ],
  form: {
    columns: ['序号', '接口名称', '调用方式', '预计日调用量'],
    rows: 5,
  },
}

const projectReportSpec: PolicyDocument = {
  categoryId: 1070,
  title: '水利工程建设项目招标投标信息报送数据项说明',
  source: DEPARTMENT,
  docNumber: '',
  when: { daysBack: 120 },
  sections: [
    {
      heading: '1　项目登记',
      paragraphs: [
        '项目编号、项目名称、项目法人、建设地点（地州、县市）、项目类型、审批（核准）文号、总投资（万元）、资金来源及国有资金比例。',
      ],
    },
    {
      heading: '2　招标信息',
      paragraphs: [
        '标段编号、标段名称、招标方式（公开招标、邀请招标）、招标组织形式（自行招标、委托招标）、招标代理机构、公告发布时间、投标截止时间、开标地点。',
      ],
    },
    {
      heading: '3　开标与评标',
      paragraphs: [
        '开标记录（投标人名称、投标报价、工期、质量承诺）、评标委员会组成（专家抽取编号，不含姓名）、评标报告、中标候选人及公示期。',
      ],
    },
    {
      heading: '4　中标与合同',
      paragraphs: [
        '中标人、中标价、中标通知书发出日期、合同签订日期、合同金额；招标人应当自确定中标人之日起十五日内报送招标投标情况书面报告。',
      ],
    },
  ],
  attachments: [DATA_REPORT_FORM],
}

const sealSpec: PolicyDocument = {
  categoryId: 1070,
  title: '在线投诉电子签章接入技术要求',
  source: DEPARTMENT,
  docNumber: '',
  when: { daysBack: 250 },
  sections: [
    {
      heading: '1　签章格式',
      paragraphs: [
        '投诉书及回执采用 PDF 格式，电子签章遵循 PAdES 规范，签章外观为圆形印章图样，签章后的文件可以用通用的 PDF 签名验证工具校验。',
      ],
    },
    {
      heading: '2　签章流程',
      paragraphs: [
        '监督平台向签章服务请求签章页面地址，签章主体（名称、证件号码）取自投诉书上的投诉人，由监督平台确定，签章页面只展示、不填写。电脑上在新窗口中打开签章页面；手机上在当前页面打开，签章后返回投诉页面。签章完成后，签章服务将已签章文件回传至 /xjApi/api/xjslts/ca/sign/upload；证书主体与投诉书上的投诉人不一致的，监督平台不予接收。监督平台按文件编号获取已签章文件并标记为已签章。',
      ],
    },
    {
      heading: '3　证书要求',
      paragraphs: [
        '投诉人须持有依法设立的电子认证服务机构颁发、在有效期内的数字证书；单位投诉使用单位电子印章，自然人投诉使用个人电子签名。',
      ],
    },
  ],
}

export const INTERPRETATIONS: PolicyDocument[] = [
  complaintGuide,
  objectionGuide,
  mustTenderGuide,
  collusionGuide,
  electronicGuide,
]

export const INTERFACE_SPECS: PolicyDocument[] = [
  DATA_EXCHANGE_SPEC,
  projectReportSpec,
  sealSpec,
]
