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
const COMPLAINT_GRANT_MS = COMPLAINT_FILE_ACCESS_MS

// So that the files area reads no other area's tables.
export type FileLinkSource = {
  /** Those of `fileIds` that public content links: everyone reads them, caches keep them. */
  publicAmong?: (db: Kysely<Database>, fileIds: string[]) => Promise<string[]>
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
  isStaffRequest: (
    request: FastifyRequest,
    fileId: string,
  ) => boolean | Promise<boolean>
  now?: () => Date
}

export type FileAccess = ReturnType<typeof createFileAccess>

// issue 10, point 7: a file that public content links is public. Every other file is personal
// data, read only by staff, by the browser that uploaded or generated it, and by a browser the
// complainant opened the complaint in. A sealed copy is read by whoever reads its original.
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

    // Naming one would attach someone else's file to a complaint whose complainant then reads it.
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
