import { createHash, randomBytes } from 'node:crypto'
import { buffer } from 'node:stream/consumers'

import type { Kysely } from 'kysely'

import { DEPARTMENT_SEAL_NAME } from '#common/constants/site.ts'
import {
  type SealHolder,
  type SealPurpose,
  SIGN_TYPE_PURPOSE,
  type Signer,
} from '#common/schemas/signing.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import type { Database } from '#server/db/schema.ts'
import { findFileById } from '#server/files/file-repository.ts'
import type { FileStorage } from '#server/files/file-storage.ts'
import { saveFile, type SavedFile } from '#server/files/save-file.ts'
import { Refusal } from '#server/shared/refusal.ts'

import {
  claimSigningSession,
  deleteStaleSigningSessions,
  findSigningSession,
  insertSigningSession,
  recordSignedFile,
  releaseSigningSession,
} from './signing-repository.ts'
import { describeDifferences, holderDifferences } from './seal-holder.ts'
import type { SigningProvider } from './signing-provider.ts'

export type SigningDeps = {
  db: Kysely<Database>
  storage: FileStorage
  provider: SigningProvider
}

const SIGNING_SESSION_TTL_MS = 30 * 60_000

const hashToken = (token: string) =>
  createHash('sha256').update(token).digest('hex')

export const purposeOf = (signType: string): SealPurpose =>
  SIGN_TYPE_PURPOSE[signType] ?? '电子签章'

async function readStoredFile(
  storage: FileStorage,
  storageKey: string,
): Promise<Buffer> {
  const stream = await storage.get(storageKey)
  if (!stream) throw new Refusal(404, '文件不存在或已被删除')
  return buffer(stream)
}

export function requirePdf(file: { mime: string; name: string }): void {
  if (file.mime !== 'application/pdf' && !/\.pdf$/i.test(file.name))
    throw new Refusal(400, '只能对PDF文件签章')
}

export async function createSigningSession(
  db: Kysely<Database>,
  input: {
    fileId: string
    signType: string
    holder: SealHolder
    returnPath?: string
  },
  now = new Date(),
): Promise<string> {
  const file = await findFileById(db, input.fileId)
  if (!file) throw new Refusal(404, '要签章的文件不存在')
  requirePdf(file)
  await deleteStaleSigningSessions(db, now.getTime() - 24 * 3600_000)
  const token = randomBytes(32).toString('base64url')
  await insertSigningSession(db, {
    tokenHash: hashToken(token),
    fileId: file.id,
    signType: input.signType,
    createdAt: toShanghaiText(now),
    expiresAt: now.getTime() + SIGNING_SESSION_TTL_MS,
    holderName: input.holder.name,
    holderKind: input.holder.kind,
    holderIdNumber: input.holder.idNumber,
    returnPath: input.returnPath ?? null,
  })
  return token
}

type SessionRow = NonNullable<Awaited<ReturnType<typeof findSigningSession>>>
export type OpenSession = SessionRow & { holder: SealHolder }

// Where the signing page leads back to, whatever became of the session (a problem page too).
export async function findReturnPath(
  db: Kysely<Database>,
  token: string,
): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null
  return (await findSigningSession(db, hashToken(token)))?.returnPath ?? null
}

export async function openSigningSession(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<OpenSession> {
  const session = await findSigningSession(db, hashToken(token))
  if (!session) throw new Refusal(404, '签章链接无效，请回到原页面重新点击签章')
  if (session.signedFileId)
    throw new Refusal(410, '该文件已完成签章，签章链接已失效')
  if (session.usedAt) throw new Refusal(409, '签章正在进行中，请勿重复提交')
  if (session.expiresAt <= now.getTime())
    throw new Refusal(410, '签章链接已过期，请回到原页面重新点击签章')
  // A link opened before sessions carried their holder cannot say whom it seals for.
  if (!session.holderName || !session.holderKind)
    throw new Refusal(410, '签章链接已过期，请回到原页面重新点击签章')
  return {
    ...session,
    holder: {
      name: session.holderName,
      kind: session.holderKind === 'person' ? 'person' : 'organisation',
      idNumber: session.holderIdNumber ?? '',
    },
  }
}

// A seal whose certificate names someone other than the holder is refused before it is stored.
async function storeSignedCopy(
  deps: SigningDeps,
  original: { id: string; name: string; bytes: Buffer },
  signed: Uint8Array,
  now: Date,
  session?: { tokenHash: string; holder: SealHolder },
): Promise<SavedFile> {
  // pdf-lib and node-forge come with the first seal, not with the server.
  const { verifySignedPdf } = await import('./verify-signed-pdf.ts')
  const { certificate } = verifySignedPdf(signed, {
    trustedRoots: await deps.provider.trustedRoots(),
    original: original.bytes,
    now,
  })
  if (session) {
    const sealedBy = {
      name: certificate.subjectName,
      idNumber: certificate.subjectIdNumber,
    }
    const parts = holderDifferences(session.holder, sealedBy)
    if (parts.length > 0)
      throw new Refusal(
        409,
        msgSealNotHolders(
          describeDifferences(session.holder, sealedBy, '电子印章', parts),
        ),
      )
  }
  const saved = await saveFile(
    deps.db,
    deps.storage,
    {
      name: original.name.replace(/(\.pdf)?$/i, '（已签章）.pdf'),
      mime: 'application/pdf',
      bytes: signed,
    },
    now,
  )
  await recordSignedFile(
    deps.db,
    {
      originalFileId: original.id,
      signedFileId: saved.id,
      signerName: certificate.subjectName,
      signerKind: certificate.subjectKind,
      signerIdNumber: certificate.subjectIdNumber ?? null,
      provider: deps.provider.id,
      certificateSerial: certificate.serialNumber,
      certificateFingerprint: certificate.fingerprint256,
      signedAt: toShanghaiText(now),
    },
    session?.tokenHash,
  )
  return saved
}

const msgSealNotHolders = (differences: string) =>
  `签章未完成：${differences}。只能以投诉人本人的电子印章签章，请回到原页面重新点击签章`

// Claimed first (single use, also against a concurrent request), given back if the file is refused.
export async function completeSigningSession(
  deps: SigningDeps,
  token: string,
  produce: (session: OpenSession, original: Buffer) => Promise<Uint8Array>,
  now = new Date(),
): Promise<SavedFile> {
  const session = await openSigningSession(deps.db, token, now)
  if (
    !(await claimSigningSession(
      deps.db,
      session.tokenHash,
      now.getTime(),
      toShanghaiText(now),
    ))
  )
    throw new Refusal(409, '签章链接已使用或已过期，请回到原页面重新点击签章')
  try {
    const original = await readStoredFile(deps.storage, session.storageKey)
    const signed = await produce(session, original)
    return await storeSignedCopy(
      deps,
      { id: session.fileId, name: session.fileName, bytes: original },
      signed,
      now,
      session,
    )
  } catch (error) {
    await releaseSigningSession(deps.db, session.tokenHash)
    throw error
  }
}

export async function sealStoredFile(
  deps: SigningDeps,
  fileId: string,
  signer: Signer,
  purpose: SealPurpose,
  now = new Date(),
): Promise<SavedFile> {
  const file = await findFileById(deps.db, fileId)
  if (!file) throw new Refusal(404, '要签章的文件不存在')
  const bytes = await readStoredFile(deps.storage, file.storageKey)
  const sealed = await deps.provider.sealPdf(bytes, signer, {
    purpose,
    signedAt: now,
  })
  return storeSignedCopy(
    deps,
    { id: file.id, name: file.name, bytes },
    sealed.bytes,
    now,
  )
}

export function sealWithDepartmentSeal(
  deps: SigningDeps,
  fileId: string,
  now = new Date(),
): Promise<SavedFile> {
  return sealStoredFile(
    deps,
    fileId,
    { name: DEPARTMENT_SEAL_NAME, kind: 'organisation' },
    '投诉处理专用章',
    now,
  )
}
