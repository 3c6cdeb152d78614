import type { StaffComplaintItem } from '#common/schemas/complaint/complaint-queue.ts'
import type { StaffComplaintDetail } from '#common/schemas/complaint/complaint-staff.ts'

/** One row of the queue as the staff API sends it (for component tests). */
export function queueItem(
  overrides: Partial<StaffComplaintItem> = {},
): StaffComplaintItem {
  return {
    complaintNo: '202611020001',
    state: 'received',
    stateLabel: '待受理',
    projectName: '塔里木河干流防洪治理工程（阿拉尔段）施工',
    complainantName: '新疆天山水利建设有限公司',
    complaintType: 'evaluation_result',
    submittedAt: '2026-11-02 09:00:00',
    acceptanceDueDate: '2026-11-05',
    decisionDueDate: null,
    clockPausedAt: null,
    isClockPaused: false,
    isAcceptanceDueProvisional: false,
    isDecisionDueProvisional: false,
    isMaterialRequested: false,
    isActivitySuspended: false,
    isExtended: false,
    isPublished: false,
    clock: {
      kind: 'acceptance',
      dueDate: '2026-11-05',
      workdaysLeft: 3,
      isPaused: false,
      pausedWorkdays: 0,
      isProvisional: false,
    },
    ...overrides,
  }
}

/** A complaint as the staff detail sends it: accepted, with evidence, events and documents. */
export function complaintDetail(
  overrides: Partial<StaffComplaintDetail> = {},
): StaffComplaintDetail {
  return {
    complaintNo: '202611020001',
    state: 'accepted',
    stateLabel: '待处理',
    flags: {
      isMaterialRequested: false,
      isActivitySuspended: true,
      isClockPaused: false,
      isExtended: false,
    },
    project: {
      name: '塔里木河干流防洪治理工程（阿拉尔段）施工',
      code: 'XJSL-2026-0031',
    },
    complaintType: 'evaluation_result',
    complaintTypeLabel: '评标结果',
    complainantName: '新疆天山水利建设有限公司',
    contactPhone: '13899887766',
    respondents: [
      {
        role: 'tenderer',
        roleLabel: '招标人',
        name: '阿拉尔市水利局',
        contact: '0997-1234567',
        address: '阿拉尔市',
      },
      {
        role: 'committee',
        roleLabel: '评标委员会',
        name: '本项目评标委员会',
        contact: null,
        address: null,
      },
    ],
    submittedAt: '2026-11-02 09:00:00',
    letter: {
      fileName: '投诉书.pdf',
      url: '/files/letter0001/%E6%8A%95%E8%AF%89%E4%B9%A6.pdf',
    },
    deadlines: [
      {
        kind: 'acceptance',
        label: '受理期限（收到投诉后3个工作日）',
        startDate: '2026-11-02',
        workdays: 3,
        excludedWorkdays: 0,
        extensionWorkdays: 0,
        dueDate: '2026-11-05',
        provisional: false,
        status: 'met',
      },
      {
        kind: 'decision',
        label: '处理期限（受理后30个工作日，检验检测鉴定专家评审时间不计入）',
        startDate: '2026-11-02',
        workdays: 30,
        excludedWorkdays: 0,
        extensionWorkdays: 0,
        dueDate: '2026-12-14',
        provisional: false,
        status: 'pending',
      },
    ],
    timeline: [
      {
        id: 1,
        type: 'submit',
        label: '提交投诉',
        fromState: null,
        toState: 'submitted',
        actor: { kind: 'complainant', name: '李明' },
        reason: '在线提交投诉',
        occurredAt: '2026-11-02 09:00:00',
        documentId: null,
      },
      {
        id: 2,
        type: 'accept',
        label: '受理',
        fromState: 'received',
        toState: 'accepted',
        actor: { kind: 'staff', name: '赵科长' },
        reason: '投诉符合受理条件，决定受理',
        occurredAt: '2026-11-02 11:00:00',
        documentId: 3,
      },
    ],
    documents: [
      {
        id: 3,
        kind: 'acceptance_notice',
        label: '受理通知书',
        fileName: '受理通知书（202611020001）.pdf',
        url: '/files/doc00003/%E5%8F%97%E7%90%86.pdf',
        issuedAt: '2026-11-02 11:00:00',
        isSealed: false,
        needsReceipt: true,
        receiptSignedAt: null,
      },
    ],
    materialRequests: [],
    transcripts: [],
    conclusion: null,
    conclusionLabel: null,
    canRevoke: false,
    canApplyWithdrawal: true,
    complainant: {
      type: 'legal_person',
      role: 'bidder',
      name: '新疆天山水利建设有限公司',
      idNumber: '91650100MA77XY1234',
      legalRepresentative: '王建国',
      address: '乌鲁木齐市天山区解放北路88号',
    },
    contact: { name: '李明', phone: '13899887766', email: null },
    factsHtml:
      '<p>评标委员会对我公司的<strong>类似工程业绩</strong>未予认定。</p>',
    requests: '请求责令重新评审我公司类似工程业绩。',
    objection: {
      objectionDate: '2026-10-20',
      replyStatus: 'replied',
      replyDate: '2026-10-23',
      replySummary: '招标人维持原评标结果',
    },
    files: [
      {
        purpose: 'evidence',
        name: '证据一 业绩合同.pdf',
        url: '/files/evid0001/%E8%AF%81%E6%8D%AE.pdf',
      },
      {
        purpose: 'evidence',
        name: '验收证书.jpg',
        url: '/files/evid0002/a.jpg',
      },
      {
        purpose: 'objection',
        name: '异议书.pdf',
        url: '/files/obj00001/%E5%BC%82%E8%AE%AE.pdf',
      },
    ],
    formFile: {
      name: '投诉书.pdf',
      url: '/files/letter0001/%E6%8A%95%E8%AF%89%E4%B9%A6.pdf',
    },
    isPublished: false,
    publicSummary: null,
    availableActions: [
      'request-material',
      'record-transcript',
      'resume-activity',
      'pause-clock',
      'extend',
      'decide',
    ],
    ...overrides,
  }
}
