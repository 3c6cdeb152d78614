import { Descriptions } from 'antd'

import { RichText } from '#app/components/ui/rich-text.tsx'
import type {
  ContentItemDetail,
  ProjectChoice,
} from '#common/schemas/content/workflow.ts'

import { kindFormOf } from './kinds/registry.ts'
import type { FieldsOf } from './kinds/kind-form.ts'
import { orNone } from './kinds/kind-form.ts'
import styles from './content.module.css'

// The body is shown as the editor wrote it: the server has sanitized it.
export function RevisionView({
  detail,
  project = null,
}: {
  detail: ContentItemDetail
  project?: ProjectChoice | null
}) {
  const { working } = detail
  const {
    facts,
    body,
    sections = [],
  } = kindFormOf(working.kind).read(
    working.fields as FieldsOf<typeof working.kind>,
    {
      fileOf: (id) => detail.files.find((file) => file.id === id),
      project,
      itemId: detail.id,
    },
  )
  const items = working.isCorrection
    ? [
        ...facts,
        {
          key: 'correction',
          label: '更正说明',
          children: orNone(working.correctionNote),
        },
      ]
    : facts
  return (
    <section aria-labelledby="revision-view-title" className="portal-panel">
      <h2 id="revision-view-title" className={styles.sectionTitle}>
        修订 {working.revisionNo} 的内容
      </h2>
      <Descriptions bordered size="small" column={1} items={items} />
      {body ? (
        <>
          <h3 className={styles.bodyTitle}>{body.label}</h3>
          <RichText className={styles.body} html={body.html} />
        </>
      ) : null}
      {sections.map((section) => (
        <section key={section.key} aria-labelledby={`revision-${section.key}`}>
          <h3 id={`revision-${section.key}`} className={styles.bodyTitle}>
            {section.title}
          </h3>
          {section.content}
        </section>
      ))}
    </section>
  )
}
