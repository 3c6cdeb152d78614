import { toIndexTerms } from './search-terms.ts'

// Runs in a worker thread (search-index.ts).
export default (text: string) => toIndexTerms(text)
