import type { SealHolder } from '#common/schemas/signing.ts'
import { maskIdNumber } from '#common/text.ts'

export type HolderPart = 'name' | 'idNumber'

// Names compare as people read them: full-width and half-width brackets alike, no spaces.
const normalizeHolderName = (name: string) =>
  name.normalize('NFKC').replace(/\s+/g, '')
const normalizeIdNumber = (idNumber: string) =>
  idNumber.normalize('NFKC').replace(/\s+/g, '').toUpperCase()

// An identity number is compared only when both give one: a letter generated before letters kept
// it, or a certificate without one, is judged by the name.
export function holderDifferences(
  holder: SealHolder,
  other: { name: string; idNumber?: string | null },
): HolderPart[] {
  const parts: HolderPart[] = []
  if (normalizeHolderName(holder.name) !== normalizeHolderName(other.name))
    parts.push('name')
  if (
    holder.idNumber !== '' &&
    other.idNumber &&
    normalizeIdNumber(holder.idNumber) !== normalizeIdNumber(other.idNumber)
  )
    parts.push('idNumber')
  return parts
}

const idNumberLabel = (holder: Pick<SealHolder, 'kind'>) =>
  holder.kind === 'person' ? '居民身份证号码' : '统一社会信用代码'

// Identity numbers are masked in the middle, as wherever the portal shows them.
export function describeDifferences(
  holder: SealHolder,
  other: { name: string; idNumber?: string | null },
  source: string,
  parts: HolderPart[],
): string {
  return parts
    .map((part) =>
      part === 'name'
        ? `${source}的名称“${other.name}”与投诉书上的投诉人“${holder.name}”不一致`
        : `${source}的${idNumberLabel(holder)}（${maskIdNumber(other.idNumber ?? '')}）与投诉书上的（${maskIdNumber(holder.idNumber)}）不一致`,
    )
    .join('；')
}
