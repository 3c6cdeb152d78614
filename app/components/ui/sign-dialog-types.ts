import type { RegionalApi } from '#common/regional-api.ts'
import type { SignedFileItem, SignInfo } from '#common/schemas/signing.ts'

export type SignedFile = {
  id: string
  name: string
  url: string
  fullurl: string
  isSign: true
  signUrl: string
  signedFile: SignedFileItem
}

export type CloseReason = 'later' | 'cancel'

export type SignDialogProps = {
  open: boolean
  info: SignInfo
  // The dialog has closed itself with the reset flag, so no close follows; set open to false to
  // be able to open it again.
  onChange: (file: SignedFile, options: { noRefresh: boolean }) => void
  // Set open to false to be able to open it again.
  onClose: (reason: CloseReason) => void
  client?: Pick<RegionalApi, 'signingPageUrl' | 'signedFiles'>
  // Sent to be checked against the holder the server stored for the document, which refuses a
  // difference before anything is sealed. Never the holder itself.
  holder?: SignHolder
  // On a phone the signing page takes the tab; without it, and on a desktop, it opens in a new
  // window (spec §4).
  sameTab?: { returnTo: string; onLeave: () => void }
}

export type SignHolder = {
  name: string
  idNumber?: string
  kind: 'organisation' | 'person'
}
