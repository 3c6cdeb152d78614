import { StatusTag } from '#app/components/ui/status-tag.tsx'
import type { StaffComplaintDetail } from '#common/schemas/complaint/complaint-staff.ts'

import { FileLinks, type ShownFile } from './file-preview.tsx'
import styles from './workbench.module.css'

export function MaterialRequests({
  complaint: c,
  onOpen: setOpenFile,
}: {
  complaint: StaffComplaintDetail
  onOpen: (file: ShownFile) => void
}) {
  return (
    <>
      {c.materialRequests.length === 0 ? (
        <p className={styles.meta}>未要求补正材料</p>
      ) : (
        <ol>
          {c.materialRequests.map((m) => (
            <li key={m.id}>
              <p className={styles.preWrap}>
                {m.requestedAt} 要求补正（{m.dueDate} 前）：{m.items}
              </p>
              {m.answeredAt ? (
                <>
                  <p className={styles.preWrap}>
                    {m.answeredAt} 补正：{m.answerText}
                  </p>
                  <FileLinks
                    files={m.answerFiles}
                    onOpen={setOpenFile}
                    emptyText="未附补正文件"
                  />
                </>
              ) : (
                <StatusTag tone="warning">待补正</StatusTag>
              )}
            </li>
          ))}
        </ol>
      )}
    </>
  )
}
