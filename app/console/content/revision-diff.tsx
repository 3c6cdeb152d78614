import type { RevisionDiff } from '#common/schemas/content/workflow.ts'

import styles from './content.module.css'

type FileChange = NonNullable<RevisionDiff['fields'][number]['files']>[number]

const fileUrl = (file: FileChange) =>
  `/files/${encodeURIComponent(file.fileId)}/${encodeURIComponent(file.name)}`

// Pictures shown small beside their names, so a replaced one is seen, not only read.
function FileChanges({ files }: { files: FileChange[] }) {
  return (
    <ul className={styles.fileChanges}>
      {files.map((file) => {
        const shown = (
          <>
            {file.isImage ? (
              <img
                src={fileUrl(file)}
                alt=""
                className={styles.fileThumb}
                loading="lazy"
              />
            ) : null}
            <a href={fileUrl(file)} target="_blank" rel="noreferrer">
              {file.name}
            </a>
          </>
        )
        return (
          <li key={`${file.change}:${file.fileId}`}>
            {file.change === 'added' ? (
              <ins className={styles.added}>
                <span className={styles.marker}>［新增］</span>
                {shown}
              </ins>
            ) : file.change === 'removed' ? (
              <del className={styles.removed}>
                <span className={styles.marker}>［删除］</span>
                {shown}
              </del>
            ) : (
              <span>
                <span className={styles.marker}>［未改动］</span>
                {shown}
              </span>
            )}
          </li>
        )
      })}
    </ul>
  )
}

// Each change is also marked in words (［新增］, ［删除］) for whoever does not see the colours.
export function RevisionDiffView({ diff }: { diff: RevisionDiff }) {
  const changed = diff.fields.filter((field) => field.changed)
  const unchanged = diff.fields.filter((field) => !field.changed)
  return (
    <section
      aria-labelledby="revision-diff-title"
      className={styles.diff}
      aria-live="polite"
    >
      <h3 id="revision-diff-title" className={styles.diffTitle}>
        修订 {diff.from} 与修订 {diff.to} 的差异
      </h3>
      <p className={styles.meta}>
        <ins className={styles.added}>［新增］绿色下划线</ins>
        为修订 {diff.to} 新增的内容，
        <del className={styles.removed}>［删除］红色删除线</del>
        为修订 {diff.to} 删除的内容。
      </p>
      {changed.length === 0 ? (
        <p>两个修订的内容相同。</p>
      ) : (
        changed.map((field) => (
          <div key={field.field} className={styles.diffField}>
            <h4 className={styles.diffLabel}>{field.label}</h4>
            {field.files ? (
              <FileChanges files={field.files} />
            ) : (
              <p className={styles.diffText}>
                {field.parts.map((part, index) =>
                  part.added ? (
                    <ins key={index} className={styles.added}>
                      <span className={styles.marker}>［新增］</span>
                      {part.value}
                      <span className="visually-hidden">［新增结束］</span>
                    </ins>
                  ) : part.removed ? (
                    <del key={index} className={styles.removed}>
                      <span className={styles.marker}>［删除］</span>
                      {part.value}
                      <span className="visually-hidden">［删除结束］</span>
                    </del>
                  ) : (
                    <span key={index}>{part.value}</span>
                  ),
                )}
              </p>
            )}
          </div>
        ))
      )}
      {unchanged.length > 0 && changed.length > 0 ? (
        <p className={styles.meta}>
          未改动：{unchanged.map((field) => field.label).join('、')}
        </p>
      ) : null}
    </section>
  )
}
