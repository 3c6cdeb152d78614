import { Timeline } from 'antd'

import type {
  ComplaintStatus,
  IssuedDocument,
} from '#common/schemas/complaint/complaint-follow-up.ts'

import styles from './follow-up.module.css'

export function ComplaintTimeline({ status }: { status: ComplaintStatus }) {
  const documentsById = new Map<number, IssuedDocument>(
    status.documents.map((doc) => [doc.id, doc]),
  )
  return (
    <section className="portal-panel" aria-labelledby="timeline-title">
      <h2 id="timeline-title" className={styles.heading}>
        办理过程
      </h2>
      <Timeline
        items={status.timeline.map((event) => {
          const doc = event.documentId
            ? documentsById.get(event.documentId)
            : undefined
          return {
            key: event.id,
            // The time sits above the step, not beside it: a phone keeps the width for the text.
            content: (
              <div>
                <time
                  className={styles.when}
                  dateTime={event.occurredAt.replace(' ', 'T')}
                >
                  {event.occurredAt}
                </time>
                <strong>{event.label}</strong>
                <span className={styles.actor}>{event.actor.name}</span>
                {event.reason ? (
                  <p className={styles.reason}>{event.reason}</p>
                ) : null}
                {doc ? (
                  <p className={styles.reason}>文书：{doc.label}</p>
                ) : null}
              </div>
            ),
          }
        })}
      />
    </section>
  )
}
