import type { FileRecord } from '#common/schemas/file-record.ts'
import type { ComplaintApplicationInput } from '#common/schemas/complaint/complaint-filing.ts'

export type ApplyValues = {
  project?: { id: string; name: string; code: string }
  complainant: {
    type?: string
    role?: string
    name?: string
    idNumber?: string
    legalRepresentative?: string
    address?: string
  }
  contact: { name?: string; phone?: string; email?: string }
  respondents: {
    role?: string
    name?: string
    contact?: string
    address?: string
  }[]
  complaintType?: string
  objection?: {
    objectionDate?: string
    replyStatus?: string
    replyDate?: string
    replySummary?: string
    files?: FileRecord[]
  }
  factsHtml?: string
  requests?: string
  evidenceFiles?: FileRecord[]
  captcha?: string
  smsCode?: string
  formFile?: FileRecord
}

export const EMPTY_VALUES: ApplyValues = {
  complainant: { type: 'legal_person' },
  contact: {},
  respondents: [{}],
  factsHtml: '',
  evidenceFiles: [],
}

const ids = (files: FileRecord[] | undefined) =>
  (files ?? []).map((file) => file.id)

// The objection is sent only for the types that need one (条例 art. 60).
export function toApplication(
  values: ApplyValues,
  extra: { formFileId: string; smsCode: string; clientKey: string },
): ComplaintApplicationInput {
  const needsObjection = values.complaintType !== 'other'
  const { files, ...objection } = values.objection ?? {}
  return {
    project: values.project,
    complainant: values.complainant,
    contact: values.contact,
    respondents: values.respondents,
    complaintType: values.complaintType,
    objection:
      needsObjection && values.objection
        ? { ...objection, fileIds: ids(files) }
        : undefined,
    factsHtml: values.factsHtml ?? '',
    requests: values.requests,
    evidenceFileIds: ids(values.evidenceFiles),
    formFileId: extra.formFileId,
    smsCode: extra.smsCode,
    clientKey: extra.clientKey,
  } as ComplaintApplicationInput
}

// So that checking one field against the whole schema is not held up by the parts filled later.
export const PENDING_PARTS = {
  formFileId: 'pending-form',
  smsCode: '000000',
  clientKey: '00000000-0000-4000-8000-000000000000',
}
