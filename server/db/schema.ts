import type { Generated, Insertable, Selectable } from 'kysely'

/**
 * The database as Kysely sees it (camelCase here, snake_case in SQL through CamelCasePlugin).
 * Flags are integers 0/1 on both engines: SQLite has no boolean type and better-sqlite3
 * refuses to bind JS booleans. Times are text 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai local
 * time (see publish-time.ts): they sort and compare as text identically on both engines.
 */
export interface Database {
  article: ArticleTable
  file: FileTable
  articleFile: ArticleFileTable
  footerLink: FooterLinkTable
  homeLink: HomeLinkTable
  dictionary: DictionaryTable
  dictionaryType: DictionaryTypeTable
  siteSetting: SiteSettingTable
  complaintDailySequence: ComplaintDailySequenceTable
  complaint: ComplaintTable
  complaintRespondent: ComplaintRespondentTable
  complaintObjection: ComplaintObjectionTable
  complaintFile: ComplaintFileTable
  complaintDocument: ComplaintDocumentTable
  complaintReceipt: ComplaintReceiptTable
  complaintEvent: ComplaintEventTable
  complaintMaterialRequest: ComplaintMaterialRequestTable
  complaintTranscript: ComplaintTranscriptTable
  complaintFeedback: ComplaintFeedbackTable
  project: ProjectTable
  projectAnnouncement: ProjectAnnouncementTable
  projectAnnouncementFile: ProjectAnnouncementFileTable
  linkageRecord: LinkageRecordTable
  linkageRecordFile: LinkageRecordFileTable
  signedFile: SignedFileTable
  signingSession: SigningSessionTable
  searchDocument: SearchDocumentTable
  complaintForm: ComplaintFormTable
  fileUpload: FileUploadTable
  complaintFileGrant: ComplaintFileGrantTable
  complaintSubmission: ComplaintSubmissionTable
  smsOutbox: SmsOutboxTable
  staffAccount: StaffAccountTable
  staffAccountRole: StaffAccountRoleTable
  staffSession: StaffSessionTable
  staffSetupLink: StaffSetupLinkTable
  staffApiToken: StaffApiTokenTable
  staffAudit: StaffAuditTable
  articleImage: ArticleImageTable
  contentItem: ContentItemTable
  contentRevision: ContentRevisionTable
  contentReview: ContentReviewTable
  contentUpload: ContentUploadTable
  projectAnnouncementImage: ProjectAnnouncementImageTable
  linkageRecordImage: LinkageRecordImageTable
  jobLease: JobLeaseTable
  creditRecord: CreditRecordTable
  alertSubscription: AlertSubscriptionTable
  alertDelivery: AlertDeliveryTable
  alertItem: AlertItemTable
}

/**
 * A public credit record (不良行为记录 / 行政处罚公示, migration 0021), as published through the
 * content workflow. Dates are 'YYYY-MM-DD'; `publicUntil` is its last public day.
 */
export interface CreditRecordTable {
  id: Generated<number>
  partyName: string
  /** CREDIT_PARTY_KINDS key. */
  partyKind: string
  /** Upper case; null for a natural person. */
  creditCode: string | null
  violation: string
  legalBasis: string
  /** CREDIT_DECISION_TYPES key. */
  decisionType: string
  decision: string
  decisionDate: string
  authority: string
  documentNumber: Generated<string>
  restrictionEndDate: string | null
  publicUntil: string
  publishTime: string
  createdAt: string
  correctedAt?: string | null
  correctionNote: Generated<string>
  withdrawnAt?: string | null
  withdrawalReason?: string | null
}

/** A visitor's upload or generated form, and the browser it was made for (server/files). */
export interface FileUploadTable {
  fileId: string
  /** SHA-256 of the browser's file access key (the cookie); the key is never stored. */
  keyHash: string
  /** Epoch ms; PostgreSQL returns bigint as a string. */
  uploadedAt: number | string
}

/** The files of a complaint, opened to a browser by the complainant's proof (server/files). */
export interface ComplaintFileGrantTable {
  keyHash: string
  complaintNo: string
  /** Epoch ms; PostgreSQL returns bigint as a string. */
  expiresAt: number | string
}

/**
 * How an online complaint was submitted (server/complaints/filing): the client key's hash, so
 * that a resend with the same key is answered again instead of filed twice.
 */
export interface ComplaintSubmissionTable {
  complaintId: number
  /** SHA-256 of the client key the browser drew for the draft. */
  clientKeyHash: string
  /** The sealed form filed; unique: one filing per form. */
  formFileId: string
  /** SHA-256 of the application without its SMS code: a resend must carry the same. */
  contentSha256: string
  /** The query code, sealed with a key only the client key gives; null once forgotten. */
  acknowledgement: string | null
  /** Until when a resend is given the query code again. */
  acknowledgementUntil: string
  submittedAt: string
}

/** A text message to send, written in the transaction of the change it tells about. */
export interface SmsOutboxTable {
  id: Generated<number>
  complaintId: number | null
  purpose: string
  /** The number until sent, then masked (139****5678). */
  phone: string
  /** The text until sent or given up, then null. */
  text: string | null
  state: 'pending' | 'sent' | 'failed'
  attempts: Generated<number>
  nextAttemptAt: string
  claimToken: string | null
  claimedUntil: string | null
  lastError: string | null
  createdAt: string
  sentAt: string | null
}

/** A generated complaint form (server/filing) and the draft it was made from. */
export interface ComplaintFormTable {
  fileId: string
  /** SHA-256 of the validated draft as JSON: the submission must carry the same draft. */
  draftSha256: string
  complainantName: string
  /** 'organisation' | 'person': the kind of seal the complainant holds; '' on older rows. */
  complainantKind: Generated<string>
  /** 统一社会信用代码 or 居民身份证号码 on the letter; '' on older rows. */
  complainantIdNumber: Generated<string>
  createdAt: string
}

export interface ArticleTable {
  id: Generated<number>
  categoryId: number
  title: string
  summary: string
  /** Sanitized HTML (sanitize-article-html.ts), never raw input. */
  content: string
  source: string
  author: string
  coverFileId: string | null
  isRotation: number
  isPublished: number
  publishTime: string
  views: Generated<number>
  createdAt: string
  updatedAt: string
  /** A policy's 发布机关 and 文号 ('' for other articles; migration 0013). */
  issuingBody: Generated<string>
  documentNumber: Generated<string>
  /** A policy's 发布日期 and 施行日期, 'YYYY-MM-DD'; null when it names none. */
  issuedDate?: string | null
  effectiveDate?: string | null
  /** When the last correction (更正) was published, and what it says. */
  correctedAt?: string | null
  correctionNote: Generated<string>
  /** Withdrawn: off lists and search, its address says so (is_published is 0). */
  withdrawnAt?: string | null
  withdrawalReason?: string | null
}

/** A picture a published body shows (migration 0013): public like the attachments. */
export interface ArticleImageTable {
  articleId: number
  fileId: string
}

export interface FileTable {
  /** Random and url-safe: file urls cannot be guessed from one another. */
  id: string
  name: string
  mime: string
  size: number
  storageKey: string
  sha256: string
  createdAt: string
}

export interface ArticleFileTable {
  articleId: number
  fileId: string
  sort: number
}

export interface FooterLinkTable {
  id: Generated<number>
  type: number
  title: string
  address: string
  sort: number
}

export interface HomeLinkTable {
  id: Generated<number>
  title: string
  url: string
  sort: number
}

export interface DictionaryTable {
  type: string
  label: string
  value: string
  sort: number
}

/** A dictionary's type and name, the public id of its content item (migration 0015). */
export interface DictionaryTypeTable {
  id: Generated<number>
  type: string
  name: string
}

/** The published site settings: one row, id 1 (migration 0015). */
export interface SiteSettingTable {
  id: number
  platformName: string
  serviceHotline: string
  guidanceUnit: string
  technicalSupport: string
  externalLoginUrl: string
  studySiteUrl: string
  updatedAt: string
}

/** A traded project (spec §9 categories 1-7); amount in 万元. */
export interface ProjectTable {
  id: Generated<number>
  code: string
  name: string
  category: number
  subType: number
  regionCode: string
  location: string
  tenderer: string
  agency: string
  amount: number
  tradeMode: string
  fundSource: string
  /** Time of the first announcement. */
  publishTime: string
  /** 报名截止 of a tender; null where the trade has none. */
  registrationDeadline: string | null
  /** 开标 of a tender; null where the trade has none. */
  openingTime: string | null
  /**
   * The furthest stage of the category's tab set with an announcement (currentStageOf), kept
   * by insertAnnouncements so lists filter and count by it through an index.
   */
  currentStage: string | null
  createdAt: string
  updatedAt: string
  /** Withdrawn (migration 0014): off lists and search, its address says so, when and why. */
  withdrawnAt?: string | null
  withdrawalReason?: string | null
}

/** One stage's announcement of a project (TRADE_STAGES key), at most one per stage. */
export interface ProjectAnnouncementTable {
  id: Generated<number>
  projectId: number
  stage: string
  title: string
  /** Sanitized HTML, never raw input. */
  content: string
  publishTime: string
  /** 1 on the project's newest announcement not withdrawn, 0 on the others. */
  isLatest: number
  createdAt: string
  /** Withdrawn (migration 0014): off lists and search, its address says so, when and why. */
  withdrawnAt?: string | null
  withdrawalReason?: string | null
  /** The last correction (更正) published (migration 0017): when, and what it says. */
  correctedAt?: string | null
  correctionNote: Generated<string>
}

export interface ProjectAnnouncementFileTable {
  announcementId: number
  fileId: string
  sort: number
}

/** A linkage supervision record (联动监管) of a project. Dates are 'YYYY-MM-DD'. */
export interface LinkageRecordTable {
  id: Generated<number>
  projectId: number
  title: string
  item: string
  finding: string
  requirement: string
  responsibleUnit: string
  /** LINKAGE_STATUSES value. */
  status: number
  foundDate: string
  deadline: string
  rectifiedDate: string | null
  /** Sanitized HTML. */
  content: string
  publishTime: string
  createdAt: string
  /** Withdrawn (migration 0014): off lists and search, its address says so, when and why. */
  withdrawnAt?: string | null
  withdrawalReason?: string | null
  /** The last correction (更正) published (migration 0017): when, and what it says. */
  correctedAt?: string | null
  correctionNote: Generated<string>
}

export interface LinkageRecordFileTable {
  linkageId: number
  fileId: string
  sort: number
}

/** A sealed copy of a file (server/signing). */
export interface SignedFileTable {
  id: Generated<number>
  originalFileId: string
  signedFileId: string
  signerName: string
  /** 'organisation' | 'person' */
  signerKind: string
  /** The identity number the certificate names, when it names one. */
  signerIdNumber: string | null
  /** SIGNING_PROVIDER that sealed it ('builtin', or a real CA's id). */
  provider: string
  certificateSerial: string
  certificateFingerprint: string
  signedAt: string
}

/** A signing page's single-use session; the token itself is never stored. */
export interface SigningSessionTable {
  tokenHash: string
  fileId: string
  signType: Generated<string>
  createdAt: string
  /** Epoch ms; PostgreSQL returns bigint as a string. */
  expiresAt: number | string
  usedAt: string | null
  signedFileId: string | null
  /** Whom the session seals for, decided by the server when it was opened. */
  holderName: string | null
  /** 'organisation' | 'person' */
  holderKind: string | null
  holderIdNumber: string | null
  /** Same-tab signing: the path of this site the signing page leads back to. */
  returnPath: string | null
}

/**
 * The site-wide search index (server/search). PostgreSQL adds generated tsvector columns and
 * SQLite an FTS5 table over the terms columns; neither is read or written through this type.
 */
export interface SearchDocumentTable {
  id: Generated<number>
  /** article | policy | project | announcement (SEARCH_TYPES). */
  type: string
  refId: number
  projectId: number | null
  stage: string | null
  categoryId: number | null
  subTypeName: string
  title: string
  /** Plain text, never HTML. */
  body: string
  publishTime: string
  titleTerms: string
  bodyTerms: string
}

export type NewArticle = Insertable<ArticleTable>
export type NewFile = Insertable<FileTable>
export type NewArticleFile = Insertable<ArticleFileTable>

// The complaint domain (migration 0004). Dates are 'YYYY-MM-DD', times as above.

export interface ComplaintDailySequenceTable {
  /** YYYYMMDD of the Shanghai day. */
  day: string
  lastValue: number
}

export interface ComplaintTable {
  id: Generated<number>
  complaintNo: string
  queryCodeHash: string
  /** A ComplaintState of common/constants.ts. */
  state: string
  stateBeforeWithdrawal: string | null
  version: Generated<number>
  projectId: string
  projectName: string
  projectCode: string
  complainantType: string
  complainantRole: string
  complainantName: string
  complainantIdNumber: string
  legalRepresentative: string | null
  complainantAddress: string
  contactName: string
  contactPhone: string
  contactEmail: string | null
  complaintType: string
  /** Sanitized HTML (sanitize-complaint-html.ts), never raw input. */
  factsHtml: string
  requests: string
  formFileId: string
  submittedAt: string
  receivedAt: string | null
  acceptedAt: string | null
  decidedAt: string | null
  closedAt: string | null
  acceptanceDueDate: string | null
  autoAcceptAt: string | null
  decisionDueDate: string | null
  excludedWorkdays: Generated<number>
  extensionWorkdays: Generated<number>
  clockPausedAt: string | null
  isMaterialRequested: Generated<number>
  isActivitySuspended: Generated<number>
  conclusion: string | null
  isPublished: Generated<number>
  publishedAt: string | null
  publicSummary: string | null
  createdAt: string
  updatedAt: string
}

export interface ComplaintRespondentTable {
  id: Generated<number>
  complaintId: number
  sort: number
  role: string
  name: string
  contact: string | null
  address: string | null
}

export interface ComplaintObjectionTable {
  complaintId: number
  objectionDate: string
  replyStatus: string
  replyDate: string | null
  replySummary: string | null
}

export interface ComplaintFileTable {
  complaintId: number
  fileId: string
  /** 'evidence' | 'objection' | 'material' | 'withdrawal' */
  purpose: string
  refId: number | null
  sort: number
}

export interface ComplaintDocumentTable {
  id: Generated<number>
  complaintId: number
  kind: string
  fileId: string
  issuedAt: string
  isSealed: Generated<number>
  needsReceipt: Generated<number>
  /** The public version with personal data masked (处理决定书), public once published. */
  publicFileId: string | null
}

export interface ComplaintReceiptTable {
  documentId: number
  signerName: string
  signedAt: string
}

/** Append-only (database triggers refuse update and delete). */
export interface ComplaintEventTable {
  id: Generated<number>
  complaintId: number
  type: string
  fromState: string | null
  toState: string | null
  /** 'complainant' | 'staff' | 'system' */
  actorKind: string
  actorName: string
  reason: string
  documentId: number | null
  occurredAt: string
}

export interface ComplaintMaterialRequestTable {
  id: Generated<number>
  complaintId: number
  items: string
  workdays: number
  requestedAt: string
  dueDate: string
  answeredAt: string | null
  answerText: string | null
}

export interface ComplaintTranscriptTable {
  id: Generated<number>
  complaintId: number
  title: string
  place: string
  interviewee: string
  interviewer: string
  occurredAt: string
  content: string
  isVisibleToComplainant: Generated<number>
  documentId: number | null
}

export interface ComplaintFeedbackTable {
  id: Generated<number>
  complaintId: number | null
  name: string
  phone: string
  title: string
  content: string
  createdAt: string
  reply: string | null
  repliedAt: string | null
  isPublic: Generated<number>
}

export type ComplaintRow = Selectable<ComplaintTable>
export type NewComplaint = Insertable<ComplaintTable>
export type NewComplaintEvent = Insertable<ComplaintEventTable>
export type NewComplaintDocument = Insertable<ComplaintDocumentTable>
export type NewComplaintRespondent = Insertable<ComplaintRespondentTable>
export type NewComplaintObjection = Insertable<ComplaintObjectionTable>
export type NewComplaintMaterialRequest =
  Insertable<ComplaintMaterialRequestTable>
export type NewComplaintTranscript = Insertable<ComplaintTranscriptTable>
export type NewComplaintReceipt = Insertable<ComplaintReceiptTable>
export type NewComplaintFeedback = Insertable<ComplaintFeedbackTable>
export type NewProject = Insertable<ProjectTable>
export type NewProjectAnnouncement = Insertable<ProjectAnnouncementTable>
export type NewLinkageRecord = Insertable<LinkageRecordTable>
export type NewCreditRecord = Insertable<CreditRecordTable>
export type CreditRecordRow = Selectable<CreditRecordTable>
export type NewSearchDocument = Insertable<SearchDocumentTable>
export type NewComplaintForm = Insertable<ComplaintFormTable>
export type NewComplaintSubmission = Insertable<ComplaintSubmissionTable>
export type NewSmsOutboxMessage = Insertable<SmsOutboxTable>

/* Staff accounts and the audit log (server/staff, migration 0012). Epoch ms columns are bigint:
   PostgreSQL returns them as strings, so readers convert with Number(). */

export interface StaffAccountTable {
  id: Generated<number>
  accountName: string
  displayName: string
  passwordHash: string | null
  /** AES-256-GCM of the base32 TOTP secret (totp-secret-box.ts). */
  totpSecret: string | null
  pendingTotpSecret: string | null
  totpLastStep: Generated<number | string>
  isEnrolled: Generated<number>
  isDisabled: Generated<number>
  failedTries: Generated<number>
  /** Epoch ms; 0 when not locked. */
  lockedUntil: Generated<number | string>
  oidcSubject: string | null
  /** 1: a built-in author of content (migration 0013), never signed in with. */
  isSystem: Generated<number>
  createdAt: string
  updatedAt: string
}

export interface StaffAccountRoleTable {
  accountId: number
  role: string
}

export interface StaffSessionTable {
  /** SHA-256 of the session id in the cookie; the id itself is never stored. */
  idHash: string
  accountId: number
  csrfToken: string
  createdAt: number | string
  lastSeenAt: number | string
  endedAt: number | string | null
  address: string
}

export interface StaffSetupLinkTable {
  tokenHash: string
  accountId: number
  expiresAt: number | string
  usedAt: number | string | null
}

export interface StaffApiTokenTable {
  id: Generated<number>
  tokenHash: string
  accountId: number
  name: string
  /** Comma-separated roles. */
  roles: string
  createdAt: string
  revokedAt: string | null
}

/** Append-only (triggers refuse update and delete). */
export interface StaffAuditTable {
  id: Generated<number>
  occurredAt: string
  accountId: number | null
  accountName: string
  /** Comma-separated roles the person held when acting. */
  roles: string
  address: string
  action: string
  target: string
  /** 'ok' or 'refused'. */
  outcome: string
  /** JSON: what changed, or why it was refused. */
  detail: string
}

export type StaffAccountRow = Selectable<StaffAccountTable>
export type StaffAuditRow = Selectable<StaffAuditTable>

/* The content workflow (server/content, migration 0013): items, their revisions, and the
   files staff uploaded for them. The public tables are what the public side reads. */

export interface ContentItemTable {
  id: Generated<number>
  /** A ContentKind of common/constants/content.ts. */
  kind: string
  /** The public row's id once first published (the article id). */
  publicId: number | null
  /** An ItemState. */
  itemState: Generated<string>
  latestRevisionNo: number
  publishedRevisionNo: number | null
  firstPublishedAt: string | null
  withdrawalReason: string | null
  withdrawnAt: string | null
  withdrawnBy: number | null
  /**
   * What at most one item of the kind may claim (migration 0014): a project's number, an
   * announcement's project and stage; null claims nothing.
   */
  uniqueKey?: string | null
  createdAt: string
  updatedAt: string
}

/** One review of a revision (migration 0016): the console's history shows each. */
export interface ContentReviewTable {
  id: Generated<number>
  revisionId: number
  /** Null for the portal's own (a scheduled publication it could not make). */
  reviewerId: number | null
  /** A ReviewOutcome (common/constants/content.ts). */
  outcome: string
  comment: string | null
  publishAt: string | null
  at: string
}

export interface ContentRevisionTable {
  id: Generated<number>
  itemId: number
  revisionNo: number
  version: Generated<number>
  /** A RevisionState. */
  state: string
  title: string
  categoryId: number | null
  /** The kind's fields as JSON, HTML sanitized. */
  fields: string
  isCorrection: Generated<number>
  correctionNote: Generated<string>
  authorId: number
  /** ",3,7,": everyone who saved the revision. */
  editorIds: Generated<string>
  submittedAt: string | null
  reviewerId: number | null
  reviewedAt: string | null
  reviewComment: string | null
  publishAt: string | null
  publishedAt: string | null
  publisherId: number | null
  createdAt: string
  updatedAt: string
}

/** A picture a published announcement's text shows (migration 0014): public like its files. */
export interface ProjectAnnouncementImageTable {
  announcementId: number
  fileId: string
}

/** A picture a published linkage record's text shows (migration 0014). */
export interface LinkageRecordImageTable {
  linkageId: number
  fileId: string
}

export interface ContentUploadTable {
  fileId: string
  accountId: number
  uploadedAt: string
}

export type ContentRevisionRow = Selectable<ContentRevisionTable>
export type NewContentItem = Insertable<ContentItemTable>
export type NewContentRevision = Insertable<ContentRevisionTable>

/** Which process runs a scheduled job now (server/shared/job-lease.ts). */
export interface JobLeaseTable {
  job: string
  holder: string
  /** Epoch ms on the database's clock; PostgreSQL returns bigint as a string. */
  expiresAt: number | string
}

/**
 * A saved search with e-mail alerts (server/alerts, migration 0020): the address, kept only for
 * these alerts and deleted with the row on unsubscription or when unconfirmed past its link.
 */
export interface AlertSubscriptionTable {
  id: Generated<number>
  /** Random (16 bytes, base64url): the row's handle in its signed links. */
  uid: string
  /** Lower case. */
  email: string
  filterKey: string
  scope: string
  keyword: Generated<string>
  searchType: Generated<string>
  category: Generated<string>
  region: Generated<string>
  stage: Generated<string>
  /** immediate | daily */
  frequency: string
  confirmedAt: string | null
  /** The pending confirmation's random nonce, signed into its link; null when none. */
  confirmNonce: string | null
  confirmFrequency: string | null
  confirmExpiresAt: string | null
  mailAskedAt: string | null
  /** A mail about the row (confirmation, already subscribed) due then; null when none. */
  mailDueAt: string | null
  mailAttempts: Generated<number>
  createdAt: string
}

/** One item for one subscription: to be sent, or sent (never twice). */
export interface AlertDeliveryTable {
  id: Generated<number>
  subscriptionId: number
  itemType: string
  itemRefId: number
  /** pending | sent | failed | withdrawn */
  state: string
  dueAt: string
  attempts: Generated<number>
  claimToken: string | null
  claimedUntil: string | null
  sentAt: string | null
  lastError: string | null
  createdAt: string
}

/** A public item the alerts' matching has gone through. */
export interface AlertItemTable {
  itemType: string
  itemRefId: number
  publishTime: string
}

export type NewAlertSubscription = Insertable<AlertSubscriptionTable>
