import type { RegionalApi } from '#common/regional-api.ts'
import type { SignedFileItem, SignInfo } from '#common/schemas/signing.ts'

/** The file after signing (spec §3 file record): isSign and signUrl, plus the sealed copy. */
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
  /**
   * After 确认: the file marked signed. The dialog has closed itself with the reset flag, so no
   * close follows; set open to false to be able to open it again.
   */
  onChange: (file: SignedFile, options: { noRefresh: boolean }) => void
  /**
   * Closed without the reset flag, without signing: 'later' for 稍后签章, 'cancel' for the close
   * button or Esc. Set open to false to be able to open it again.
   */
  onClose: (reason: CloseReason) => void
  /** The signing calls of the regional API; the browser's signed client by default. */
  client?: Pick<RegionalApi, 'signingPageUrl' | 'signedFiles'>
  /**
   * Whom the document is sealed for as this page shows it (the complainant on the form):
   * shown, and sent to be checked against the holder the server stored for the document,
   * which refuses a difference before anything is sealed. Never the holder itself.
   */
  holder?: SignHolder
  /**
   * Signing in this tab, on a phone (a narrow screen or a touch screen): the path of this
   * site the signing page leads back to, and what to keep before the page is left (the
   * draft). Without it, and on a desktop, the signing page opens in a new window (spec §4).
   */
  sameTab?: { returnTo: string; onLeave: () => void }
}

export type SignHolder = {
  name: string
  idNumber?: string
  kind: 'organisation' | 'person'
}
