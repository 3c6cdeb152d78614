import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'

import { COMPLAINT_FILE_ACCESS_MS } from '#common/constants/protocol.ts'
import type { Database } from '#server/db/schema.ts'
import { hashAccessKey, issueAccessKey, readAccessKey } from './access-key.ts'
import {
  deleteExpiredComplaintFileGrants,
  findFileUploads,
  hasComplaintFileGrant,
  hasRecentUpload,
  insertFileUpload,
  upsertComplaintFileGrant,
} from './file-access-repository.ts'

/** The uploader's browser reads its uploads and generated forms this long after (a filing). */
const UPLOAD_READ_MS = 24 * 3600_000
/** A follow-up query by the complainant opens the complaint's files for this long. */
const COMPLAINT_GRANT_MS = COMPLAINT_FILE_ACCESS_MS

/**
 * What an area knows of the files its rows link, so that the files area reads no other area's
 * tables: public content (articles, projects), complaints, sealed copies (signing).
 */
export type FileLinkSource = {
  /** Those of `fileIds` that public content links: everyone reads them, caches keep them. */
  publicAmong?: (db: Kysely<Database>, fileIds: string[]) => Promise<string[]>
  /** The complaints `fileIds` belong to, as their complainant may read them. */
  complaintsOf?: (
    db: Kysely<Database>,
    fileIds: string[],
  ) => Promise<{ fileId: string; complaintNo: string }[]>
  /** The files `fileIds` were made from (a sealed copy's original): read with them. */
  originalsOf?: (db: Kysely<Database>, fileIds: string[]) => Promise<string[]>
}

/** public: anyone, cacheable; private: this request only, never stored; none: answer 404. */
type FileAccessDecision = 'public' | 'private' | 'none'

export type FileAccessOptions = {
  db: Kysely<Database>
  sources: FileLinkSource[]
  /** Whether the department reads this file with the request (server/staff/staff-access.ts). */
  isStaffRequest: (
    request: FastifyRequest,
    fileId: string,
  ) => boolean | Promise<boolean>
  now?: () => Date
}

export type FileAccess = ReturnType<typeof createFileAccess>

/**
 * Who reads a file (issue 10, point 7). A file that public content links is public. Every other
 * file — complaint evidence, generated and sealed complaint forms, the department's documents,
 * any visitor's upload — is personal data, read only by staff, by the browser that uploaded or
 * generated it (for UPLOAD_READ_MS), and by a browser the complainant opened the complaint in
 * with number and query code or phone and SMS code (for COMPLAINT_GRANT_MS). A sealed copy is
 * read by whoever reads its original. Browsers are told apart by the key of access-key.ts.
 */
export function createFileAccess({
  db,
  sources,
  isStaffRequest,
  now = () => new Date(),
}: FileAccessOptions) {
  async function fromSources<T>(
    ask: (source: FileLinkSource) => Promise<T[]> | undefined,
  ): Promise<T[]> {
    return (await Promise.all(sources.map((s) => ask(s) ?? []))).flat()
  }

  return {
    async decide(
      request: FastifyRequest,
      fileId: string,
    ): Promise<FileAccessDecision> {
      const publicIds = await fromSources((s) => s.publicAmong?.(db, [fileId]))
      if (publicIds.length > 0) return 'public'
      if (await isStaffRequest(request, fileId)) return 'private'
      const key = readAccessKey(request)
      if (!key) return 'none'
      const keyHash = hashAccessKey(key)
      const at = now().getTime()
      const ids = [
        fileId,
        ...(await fromSources((s) => s.originalsOf?.(db, [fileId]))),
      ]
      if (await hasRecentUpload(db, keyHash, ids, at - UPLOAD_READ_MS))
        return 'private'
      const links = await fromSources((s) => s.complaintsOf?.(db, ids))
      const complaintNos = [...new Set(links.map((link) => link.complaintNo))]
      if (
        complaintNos.length > 0 &&
        (await hasComplaintFileGrant(db, keyHash, complaintNos, at))
      )
        return 'private'
      return 'none'
    },

    /** A file uploaded or generated for this request's browser: it may read it for a while. */
    async recordUpload(
      request: FastifyRequest,
      reply: FastifyReply,
      fileId: string,
    ): Promise<void> {
      const keyHash = hashAccessKey(issueAccessKey(request, reply))
      await insertFileUpload(db, {
        fileId,
        keyHash,
        uploadedAt: now().getTime(),
      })
    },

    /** The complainant proved who he is: this browser reads the complaint's files for a while. */
    async grantComplaint(
      request: FastifyRequest,
      reply: FastifyReply,
      complaintNo: string,
    ): Promise<void> {
      const keyHash = hashAccessKey(issueAccessKey(request, reply))
      const at = now().getTime()
      await deleteExpiredComplaintFileGrants(db, at)
      await upsertComplaintFileGrant(db, {
        keyHash,
        complaintNo,
        expiresAt: at + COMPLAINT_GRANT_MS,
      })
    },

    /**
     * Those of `fileIds` this browser may not name in a complaint or an answer: another
     * browser's uploads, and files that belong to a complaint already. Naming one would attach
     * someone else's file to a complaint whose complainant then reads it.
     */
    async foreignAmong(
      request: FastifyRequest,
      fileIds: string[],
    ): Promise<string[]> {
      if (fileIds.length === 0) return []
      const key = readAccessKey(request)
      const keyHash = key ? hashAccessKey(key) : null
      const uploads = await findFileUploads(db, fileIds)
      const links = await fromSources((s) => s.complaintsOf?.(db, fileIds))
      return fileIds.filter(
        (id) =>
          uploads.some((u) => u.fileId === id && u.keyHash !== keyHash) ||
          links.some((link) => link.fileId === id),
      )
    },
  }
}
