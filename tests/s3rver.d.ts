// s3rver ships no types: what the tests' S3-compatible server (s3-server.ts) uses.
declare module 's3rver' {
  export default class S3rver {
    constructor(options: {
      address?: string
      port?: number
      directory: string
      silent?: boolean
      configureBuckets?: { name: string }[]
    })
    /** Listens; resolves with the bound address (port 0 picks a free one). */
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}
