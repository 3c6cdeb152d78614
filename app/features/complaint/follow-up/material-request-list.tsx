import { StatusTag } from '#app/components/ui/status-tag.tsx'
import type { ComplaintStatus } from '#common/schemas/complaint/complaint-follow-up.ts'

import type { useComplaintFileAccess } from './use-complaint-file-access.ts'
import styles from './follow-up.module.css'

type Props = {
  requests: ComplaintStatus['materialRequests']
  files: ReturnType<typeof useComplaintFileAccess>
}

export function MaterialRequestList({ requests, files }: Props) {
  return (
    <section className="portal-panel" aria-labelledby="material-title">
      <h2 id="material-title" className={styles.heading}>
        材料补正
      </h2>
      <ul className={styles.plainList}>
        {requests.map((request) => (
          <li key={request.id}>
            <p>
              <strong>{request.requestedAt}</strong> 要求补正：
              {request.items}（{request.dueDate} 前）
            </p>
            {request.answeredAt ? (
              <p className={styles.reason}>
                已于 {request.answeredAt} 补正：{request.answerText}
                {request.answerFiles.map((file) => (
                  <a
                    key={file.url}
                    href={file.url}
                    target="_blank"
                    rel="noreferrer"
                    className={styles.fileLink}
                    onClick={files.onFileClick}
                  >
                    {file.name}
                  </a>
                ))}
              </p>
            ) : (
              <StatusTag tone="warning">待补正</StatusTag>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
