import { Link } from 'react-router'

import type {
  ContentItemDetail,
  ProjectChoice,
} from '#common/schemas/content/workflow.ts'

import { contentItemHref, newContentHref } from './content-query.ts'
import styles from './content.module.css'

type Props = {
  detail: ContentItemDetail
  project: ProjectChoice | null
  canCreate: boolean
}

// Only once the project is published: announcements and records name it by its public id.
export function ProjectStages({ detail, project, canCreate }: Props) {
  if (detail.kind !== 'project') return null
  return (
    <section aria-labelledby="project-stages-title" className="portal-panel">
      <h2 id="project-stages-title" className={styles.sectionTitle}>
        阶段公告与联动监管
      </h2>
      {project ? (
        <>
          {project.isWithdrawn ? (
            <p className={styles.meta}>
              项目已撤回：其阶段公告和联动监管记录在项目重新发布之前不能通过审核。
            </p>
          ) : null}
          <ul className={styles.stageList}>
            {project.stages.map((stage) => (
              <li key={stage.stage}>
                <span>{stage.stageName}</span>
                {stage.itemId !== null ? (
                  <Link to={contentItemHref(stage.itemId)}>
                    查看公告（内容编号 {stage.itemId}）
                  </Link>
                ) : canCreate ? (
                  <Link
                    to={newContentHref('announcement', {
                      project: detail.id,
                      stage: stage.stage,
                    })}
                  >
                    新建公告
                    <span className="visually-hidden">
                      （{stage.stageName}）
                    </span>
                  </Link>
                ) : (
                  <span className={styles.meta}>尚无公告</span>
                )}
              </li>
            ))}
          </ul>
          {canCreate ? (
            <p className={styles.backLink}>
              <Link to={newContentHref('linkage', { project: detail.id })}>
                新建本项目的联动监管记录
              </Link>
            </p>
          ) : null}
        </>
      ) : detail.publishedRevisionNo !== null ? (
        <p className={styles.meta}>
          未能读取该项目的交易环节，请刷新页面重试。
        </p>
      ) : (
        <p className={styles.meta}>
          项目发布后，可在此为其各交易环节新建阶段公告，或新建联动监管记录。
        </p>
      )}
    </section>
  )
}
