// A start-up problem the operator mends in the environment: start-up prints its message alone,
// one line naming the variable, and exits with 1 (server/main.ts).
export class ConfigError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ConfigError'
  }
}
