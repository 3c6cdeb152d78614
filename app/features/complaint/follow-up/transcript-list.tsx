import { Button } from 'antd'

import type { ComplaintStatus } from '#common/schemas/complaint/complaint-follow-up.ts'

import styles from './follow-up.module.css'

type Props = {
  transcripts: ComplaintStatus['transcripts']
  // Left out when the complaint was found without its query code.
  onOpen?: (id: number) => void
}

export function TranscriptList({ transcripts, onOpen }: Props) {
  return (
    <section className="portal-panel" aria-labelledby="transcript-title">
      <h2 id="transcript-title" className={styles.heading}>
        调查笔录
      </h2>
      <ul className={styles.plainList}>
        {transcripts.map((transcript) => (
          <li key={transcript.id}>
            {onOpen ? (
              <Button type="link" onClick={() => onOpen(transcript.id)}>
                {transcript.title}
              </Button>
            ) : (
              transcript.title
            )}
            <span className={styles.actor}>{transcript.occurredAt}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
