import type { FileLinkSource } from '#server/files/file-access.ts'
import { findOriginalsOfSealedCopies } from './signing-repository.ts'

/**
 * A sealed copy is its original with a seal added: whoever may read the original reads the
 * copy. Sealing never makes a file public: the seal carries the signer's name.
 */
export const signedFileLinks: FileLinkSource = {
  originalsOf: findOriginalsOfSealedCopies,
}
