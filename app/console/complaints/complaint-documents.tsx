import type { StaffComplaintDetail } from '#common/schemas/complaint/complaint-staff.ts'

import { FileLinks, type ShownFile } from './file-preview.tsx'
import styles from './workbench.module.css'

export function ComplaintDocuments({
  complaint: c,
  onOpen: setOpenFile,
}: {
  complaint: StaffComplaintDetail
  onOpen: (file: ShownFile) => void
}) {
  return (
    <>
      <FileLinks
        files={c.documents.map((d) => ({ name: d.fileName, url: d.url }))}
        onOpen={setOpenFile}
        emptyText="尚未出具文书"
        extra={(file) => {
          const d = c.documents.find((doc) => doc.url === file.url)!
          return (
            <span className={styles.meta}>
              {d.label} · {d.issuedAt}
              {d.isSealed ? ' · 已签章' : ''}
              {d.needsReceipt
                ? d.receiptSignedAt
                  ? ` · 投诉人已于 ${d.receiptSignedAt} 签收`
                  : ' · 投诉人尚未签收'
                : ''}
            </span>
          )
        }}
      />
      {c.transcripts.length > 0 ? (
        <>
          <h3 className={styles.sectionTitle}>调查笔录</h3>
          <ul>
            {c.transcripts.map((t) => (
              <li key={t.id}>
                {t.title}（{t.occurredAt}）
                {t.isVisibleToComplainant ? '' : ' · 投诉人不可查看'}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  )
}
