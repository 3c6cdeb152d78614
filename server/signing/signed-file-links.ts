import type { FileLinkSource } from '#server/files/file-access.ts'
import { findOriginalsOfSealedCopies } from './signing-repository.ts'

// Whoever may read the original reads its sealed copy. Sealing never makes a file public: the
// seal carries the signer's name.
export const signedFileLinks: FileLinkSource = {
  originalsOf: findOriginalsOfSealedCopies,
}
