import type { Generated, Insertable, Selectable } from 'kysely'

// Flags are integers 0/1: SQLite has no boolean type and better-sqlite3 refuses JS booleans.
// Times are 'YYYY-MM-DD HH:mm:ss' Asia/Shanghai text: they sort and compare alike on both
// engines. Epoch ms columns are bigint, which PostgreSQL returns as strings.
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
  complaintDraft: ComplaintDraftTable
  project: ProjectTable
  projectAnnouncement: ProjectAnnouncementTable
  supervisionWarning: SupervisionWarningTable
  tenderParty: TenderPartyTable
  supervisionThreshold: SupervisionThresholdTable
  tenderFigure: TenderFigureTable
  supervisionWarningStep: SupervisionWarningStepTable
  projectAnnouncementFile: ProjectAnnouncementFileTable
  projectReleaseLog: ProjectReleaseLogTable
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
  mailOutbox: MailOutboxTable
  staffContactCode: StaffContactCodeTable
  complaintReminder: ComplaintReminderTable
  staffDigest: StaffDigestTable
  staffAccount: StaffAccountTable
  staffAccountRole: StaffAccountRoleTable
  staffSession: StaffSessionTable
  staffSetupLink: StaffSetupLinkTable
  staffApiToken: StaffApiTokenTable
  ocdsImportRelease: OcdsImportReleaseTable
  ocdsImportPart: OcdsImportPartTable
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

// Dates are 'YYYY-MM-DD'; `publicUntil` is its last public day.
export interface CreditRecordTable {
  id: Generated<number>
  partyName: string
  partyKind: string
  // Upper case; null for a natural person.
  creditCode: string | null
  violation: string
  legalBasis: string
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

export interface FileUploadTable {
  fileId: string
  // SHA-256 of the file access cookie: the key is never stored.
  keyHash: string
  uploadedAt: number | string
}

export interface ComplaintFileGrantTable {
  keyHash: string
  complaintNo: string
  expiresAt: number | string
}

// A resend with the same client key is answered again instead of filed twice.
export interface ComplaintSubmissionTable {
  complaintId: number
  clientKeyHash: string
  // Unique: one filing per form.
  formFileId: string
  // Without the SMS code: a resend must carry the same.
  contentSha256: string
  // Sealed with a key only the client key gives; null once forgotten.
  acknowledgement: string | null
  acknowledgementUntil: string
  submittedAt: string
}

// Written in the transaction of the change it tells about.
export interface SmsOutboxTable {
  id: Generated<number>
  complaintId: number | null
  purpose: string
  // Masked once sent (139****5678).
  phone: string
  // Null once sent or given up.
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

export interface MailOutboxTable {
  id: Generated<number>
  purpose: string
  // Masked once sent (l***@example.gov.cn).
  toAddress: string
  subject: string
  // Null once sent or given up.
  text: string | null
  html: string | null
  state: 'pending' | 'sent' | 'failed'
  attempts: Generated<number>
  nextAttemptAt: string
  claimToken: string | null
  claimedUntil: string | null
  lastError: string | null
  createdAt: string
  sentAt: string | null
}

export interface StaffContactCodeTable {
  accountId: number
  channel: 'email' | 'mobile'
  value: string
  codeHash: string
  tries: Generated<number>
  sentAt: string
  expiresAt: string
}

// One row per reminder sent: its unique key makes it go once.
export interface ComplaintReminderTable {
  id: Generated<number>
  complaintId: number
  accountId: number
  deadline: string
  dueDate: string
  daysBefore: number
  channels: string
  sentAt: string
}

export interface StaffDigestTable {
  accountId: number
  day: string
  sentAt: string
}

export interface ComplaintFormTable {
  fileId: string
  // The submission must carry the same draft.
  draftSha256: string
  complainantName: string
  // 'organisation' | 'person'; '' on older rows.
  complainantKind: Generated<string>
  // 统一社会信用代码 or 居民身份证号码; '' on older rows.
  complainantIdNumber: Generated<string>
  createdAt: string
}

export interface ArticleTable {
  id: Generated<number>
  categoryId: number
  title: string
  summary: string
  // Sanitized (sanitize-article-html.ts), never raw input.
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
  // A policy's 发布机关 and 文号; '' for other articles.
  issuingBody: Generated<string>
  documentNumber: Generated<string>
  // A policy's 发布日期 and 施行日期; null when it names none.
  issuedDate?: string | null
  effectiveDate?: string | null
  correctedAt?: string | null
  correctionNote: Generated<string>
  // Withdrawn: off lists and search; its address says so.
  withdrawnAt?: string | null
  withdrawalReason?: string | null
}

// Public like the attachments.
export interface ArticleImageTable {
  articleId: number
  fileId: string
}

export interface FileTable {
  // Random: file urls cannot be guessed from one another.
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

export interface DictionaryTypeTable {
  id: Generated<number>
  type: string
  name: string
}

// One row, id 1.
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

// Spec §9 categories 1-7; amount in 万元.
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
  publishTime: string
  // 报名截止 and 开标 of a tender; null where the trade has none.
  registrationDeadline: string | null
  openingTime: string | null
  // Kept by insertAnnouncements so lists filter and count by it through an index.
  currentStage: string | null
  createdAt: string
  updatedAt: string
  withdrawnAt?: string | null
  withdrawalReason?: string | null
}

// At most one per stage (TRADE_STAGES key).
export interface ProjectAnnouncementTable {
  id: Generated<number>
  projectId: number
  stage: string
  title: string
  // Sanitized, never raw input.
  content: string
  publishTime: string
  // 1 on the project's newest announcement not withdrawn.
  isLatest: number
  createdAt: string
  withdrawnAt?: string | null
  withdrawalReason?: string | null
  correctedAt?: string | null
  correctionNote: Generated<string>
  // The stage's facts as JSON (StageFacts); null where none are given.
  facts?: string | null
}

export interface ProjectAnnouncementFileTable {
  announcementId: number
  fileId: string
  sort: number
}

// Every public change of a project's announcements as the rows stood (migration 0026).
export interface ProjectReleaseLogTable {
  seq: Generated<number>
  projectId: number
  projectCode: string
  // RELEASE_CHANGES
  kind: number
  // The announcement's id, or the project's for its withdrawal.
  refId: number
  date: string
  ordinal: Generated<number>
  // JSON: { project, announcement?, files? }
  subject: string
}

export interface LinkageRecordTable {
  id: Generated<number>
  projectId: number
  title: string
  item: string
  finding: string
  requirement: string
  responsibleUnit: string
  status: number
  foundDate: string
  deadline: string
  rectifiedDate: string | null
  // Sanitized, never raw input.
  content: string
  publishTime: string
  createdAt: string
  withdrawnAt?: string | null
  withdrawalReason?: string | null
  correctedAt?: string | null
  correctionNote: Generated<string>
}

export interface LinkageRecordFileTable {
  linkageId: number
  fileId: string
  sort: number
}

export interface SignedFileTable {
  id: Generated<number>
  originalFileId: string
  signedFileId: string
  signerName: string
  signerKind: string
  signerIdNumber: string | null
  provider: string
  certificateSerial: string
  certificateFingerprint: string
  signedAt: string
}

// The token itself is never stored.
export interface SigningSessionTable {
  tokenHash: string
  fileId: string
  signType: Generated<string>
  createdAt: string
  expiresAt: number | string
  usedAt: string | null
  signedFileId: string | null
  // Decided by the server when the session was opened.
  holderName: string | null
  /** 'organisation' | 'person' */
  holderKind: string | null
  holderIdNumber: string | null
  /** Same-tab signing: the path of this site the signing page leads back to. */
  returnPath: string | null
}

// PostgreSQL adds tsvector columns and SQLite an FTS5 table; neither is read or written
// through this type.
export interface SearchDocumentTable {
  id: Generated<number>
  type: string
  refId: number
  projectId: number | null
  stage: string | null
  categoryId: number | null
  subTypeName: string
  title: string
  // Plain text, never HTML.
  body: string
  publishTime: string
  titleTerms: string
  bodyTerms: string
}

export type NewArticle = Insertable<ArticleTable>
export type NewFile = Insertable<FileTable>
export type NewArticleFile = Insertable<ArticleFileTable>

export interface ComplaintDailySequenceTable {
  day: string
  lastValue: number
}

export interface ComplaintTable {
  id: Generated<number>
  complaintNo: string
  queryCodeHash: string
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
  // Sanitized (sanitize-complaint-html.ts), never raw input.
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
  /** Set while a 补正 request made before acceptance stops the acceptance clock. */
  acceptanceStoppedAt: string | null
  acceptanceExcludedWorkdays: Generated<number>
  /** 承办人: the staff account that owns the case. */
  assigneeId?: number | null
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
  // Personal data masked.
  publicFileId: string | null
}

export interface ComplaintReceiptTable {
  documentId: number
  signerName: string
  signedAt: string
}

// Append-only: database triggers refuse update and delete.
export interface ComplaintEventTable {
  id: Generated<number>
  complaintId: number
  type: string
  fromState: string | null
  toState: string | null
  actorKind: string
  actorName: string
  /** What the complainant reads in the timeline. */
  reason: string
  /** 内部意见: staff only. */
  internalNote?: string | null
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
  replierId: number | null
  replierName: string | null
  /** 1 while a reply meant for the public page waits for a second person. */
  isPublicationRequested: Generated<number>
  approverName: string | null
  approvedAt: string | null
}

/** A document or summary on its way out, drafted by one person and checked by another. */
export interface ComplaintDraftTable {
  complaintId: number
  kind: 'decision' | 'publication'
  /** JSON: the decide or publish action's body. */
  content: string
  status: 'editing' | 'submitted' | 'returned' | 'issued'
  drafterId: number
  drafterName: string
  savedAt: string
  submittedAt: string | null
  reviewerName: string | null
  reviewComment: string | null
  reviewedAt: string | null
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
export type NewMailOutboxMessage = Insertable<MailOutboxTable>

export interface StaffAccountTable {
  id: Generated<number>
  accountName: string
  displayName: string
  passwordHash: string | null
  // AES-256-GCM (totp-secret-box.ts).
  totpSecret: string | null
  pendingTotpSecret: string | null
  totpLastStep: Generated<number | string>
  isEnrolled: Generated<number>
  isDisabled: Generated<number>
  // Wrong sign-ins since the last sign-in, and the latest one's time (epoch ms) and address.
  failedTries: Generated<number>
  lastFailedAt: number | string | null
  lastFailedAddress: string | null
  oidcSubject: string | null
  // A built-in author of content, never signed in with.
  isSystem: Generated<number>
  createdAt: string
  updatedAt: string
  // Confirmed by a code sent to each (server/staff/service/staff-contacts.ts).
  email?: string | null
  mobile?: string | null
  // Working days before a deadline to be reminded, comma separated ('1,0').
  reminderDays?: Generated<string>
}

export interface StaffAccountRoleTable {
  accountId: number
  role: string
}

export interface StaffSessionTable {
  // The session id itself is never stored.
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
  roles: string
  createdAt: string
  revokedAt: string | null
  // Epoch ms: chosen at creation (STAFF_TOKEN_LIFETIME_DAYS).
  expiresAt: number | string
  // Epoch ms, to the minute (server/staff/service/staff-tokens.ts); null: never used.
  lastUsedAt: number | string | null
  // 1: a 系统管理员 trusts its pushes of OCDS releases to be published without review.
  isTrustedImport: Generated<number>
}

// Append-only: triggers refuse update and delete.
export interface StaffAuditTable {
  id: Generated<number>
  occurredAt: string
  accountId: number | null
  accountName: string
  // As held when acting.
  roles: string
  address: string
  action: string
  target: string
  outcome: string
  // JSON: what changed, or why it was refused.
  detail: string
}

export type StaffAccountRow = Selectable<StaffAccountTable>
export type StaffAuditRow = Selectable<StaffAuditTable>

export interface ContentItemTable {
  id: Generated<number>
  kind: string
  // Set once first published.
  publicId: number | null
  itemState: Generated<string>
  latestRevisionNo: number
  publishedRevisionNo: number | null
  firstPublishedAt: string | null
  withdrawalReason: string | null
  withdrawnAt: string | null
  withdrawnBy: number | null
  // What at most one item of the kind may claim (a project's number); null claims nothing.
  uniqueKey?: string | null
  createdAt: string
  updatedAt: string
}

export interface ContentReviewTable {
  id: Generated<number>
  revisionId: number
  // Null for the portal's own (a scheduled publication it could not make).
  reviewerId: number | null
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
  state: string
  title: string
  categoryId: number | null
  // HTML sanitized.
  fields: string
  isCorrection: Generated<number>
  correctionNote: Generated<string>
  authorId: number
  // ",3,7,": everyone who saved the revision.
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
  /** When its text was last saved (created, or saved by an editor); null: as created. */
  editedAt?: string | null
}

export interface ProjectAnnouncementImageTable {
  announcementId: number
  fileId: string
}

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

export interface JobLeaseTable {
  job: string
  holder: string
  // On the database's clock.
  expiresAt: number | string
}

// The address is kept only for these alerts, deleted with the row on unsubscription or when
// unconfirmed past its link.
export interface AlertSubscriptionTable {
  id: Generated<number>
  // Random: the row's handle in its signed links.
  uid: string
  email: string
  filterKey: string
  scope: string
  keyword: Generated<string>
  searchType: Generated<string>
  category: Generated<string>
  region: Generated<string>
  stage: Generated<string>
  frequency: string
  confirmedAt: string | null
  // Random, signed into the confirmation link; null when none.
  confirmNonce: string | null
  confirmFrequency: string | null
  confirmExpiresAt: string | null
  mailAskedAt: string | null
  mailDueAt: string | null
  mailAttempts: Generated<number>
  createdAt: string
}

// Never sent twice.
export interface AlertDeliveryTable {
  id: Generated<number>
  subscriptionId: number
  itemType: string
  itemRefId: number
  state: string
  dueAt: string
  attempts: Generated<number>
  claimToken: string | null
  claimedUntil: string | null
  sentAt: string | null
  lastError: string | null
  createdAt: string
}

export interface AlertItemTable {
  itemType: string
  itemRefId: number
  publishTime: string
}

export type NewAlertSubscription = Insertable<AlertSubscriptionTable>

// One per project and indicator code (server/supervision/).
export interface SupervisionWarningTable {
  id: Generated<number>
  projectId: number
  code: string
  // JSON: what the indicator read.
  inputs: string
  explanation: string
  fingerprint: string
  state: 'raised' | 'checking' | 'verified' | 'dismissed' | 'cleared'
  assigneeId: number | null
  dispositionNote: string | null
  linkageItemId: number | null
  raisedAt: string
  updatedAt: string
  clearedAt: string | null
}
export type SupervisionWarningRow = Selectable<SupervisionWarningTable>

export interface SupervisionWarningStepTable {
  id: Generated<number>
  warningId: number
  at: string
  // null: the engine.
  actorId: number | null
  actorName: string
  // raised, reopened, cleared, assigned, checking, verified, dismissed
  action: string
  note: Generated<string>
}

// The thresholds a 系统管理员 set for one indicator (JSON: key → number).
export interface SupervisionThresholdTable {
  code: string
  thresholds: string
  updatedAt: string
  updatedBy: string
}

// One published tender's figures for 监督统计 (server/supervision/tender-figures.ts).
export interface TenderFigureTable {
  projectId: number
  tenderDays: number | null
  openedBids: number | null
}

// A company in a tender: its bid (the day of the bid deadline) and its award (the day of the
// award notice). Kept from the facts by server/supervision/.
export interface TenderPartyTable {
  projectId: number
  creditCode: string
  tenderer: string
  bidDay: string | null
  wonDay: string | null
}

// OCDS releases pushed by trading platforms (migration 0035, server/ocds/import/).
export interface OcdsImportReleaseTable {
  ocid: string
  releaseId: string
  releaseDate: string
  // ISO 8601 in UTC: orders as text.
  dateUtc: string
  hash: string
  outcome: string
  answer: string | null
  body: string
  accountId: number
  tokenId: number | null
  receivedAt: string
}

export interface OcdsImportPartTable {
  ocid: string
  part: string
  projectCode: string
  data: string
  dateUtc: string
  releaseId: string
  status: string
  note: Generated<string>
  itemId: number | null
  accountId: number
  isTrusted: Generated<number>
  updatedAt: string
}
