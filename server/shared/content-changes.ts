import { randomUUID } from 'node:crypto'

import { closeRedis, connectRedis } from './redis-connection.ts'

export type ContentChange = {
  kind: string
  publicId: number | null
  action: 'publish' | 'withdraw'
}

export type ContentChangeListener = (change: ContentChange) => void

// So that a publication or a withdrawal shows in the next request, not after the caches' 10 s.
export interface ContentChanges {
  // Never throws.
  announce(change: ContentChange): Promise<void>
  onChange(listener: ContentChangeListener): () => void
  close(): Promise<void>
}

type Log = { warn(object: object, message: string): void }

function listenerSet(log: Log) {
  const listeners = new Set<ContentChangeListener>()
  return {
    add(listener: ContentChangeListener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    call(change: ContentChange) {
      for (const listener of listeners) {
        try {
          listener(change)
        } catch (error) {
          log.warn({ err: error, change }, 'content change listener failed')
        }
      }
    },
  }
}

export function createLocalContentChanges(
  log: Log = { warn() {} },
): ContentChanges {
  const listeners = listenerSet(log)
  return {
    async announce(change) {
      listeners.call(change)
    },
    onChange: listeners.add,
    async close() {},
  }
}

const CONTENT_CHANGES_CHANNEL = 'portal:content-changes'

// Each process calls its own listeners at once and ignores its own message when it comes back;
// when Redis cannot be reached the others catch up within their caches' 10 s.
export function createRedisContentChanges(
  redisUrl: string,
  log: Log,
  channel = CONTENT_CHANGES_CHANNEL,
): ContentChanges & { ready: Promise<void> } {
  const origin = randomUUID()
  const listeners = listenerSet(log)
  // A subscribed connection can do nothing else: one to publish, one to listen.
  const publisher = connectRedis(redisUrl)
  const subscriber = connectRedis(redisUrl)
  subscriber.on('message', (from, text: string) => {
    if (from !== channel) return
    try {
      const message = JSON.parse(text) as {
        origin: string
        change: ContentChange
      }
      if (message.origin !== origin) listeners.call(message.change)
    } catch (error) {
      log.warn({ err: error }, 'unreadable content change message')
    }
  })
  // ioredis subscribes again by itself after a reconnection, but only to what it once
  // subscribed: a subscription refused while Redis was down at start is asked for again.
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).catch(() => {})
  })
  const ready = subscriber.subscribe(channel).then(
    () => undefined,
    (error: unknown) => {
      log.warn({ err: error }, 'content changes: Redis subscription failed')
    },
  )
  return {
    ready,
    async announce(change) {
      listeners.call(change)
      try {
        await publisher.publish(channel, JSON.stringify({ origin, change }))
      } catch (error) {
        log.warn(
          { err: error, change },
          'content change not sent to the other processes',
        )
      }
    },
    onChange: listeners.add,
    async close() {
      await Promise.all([publisher, subscriber].map(closeRedis))
    },
  }
}
