import { Empty, Tabs } from 'antd'
import { href, Link, useNavigate } from 'react-router'

import { AttachmentList } from '#app/components/ui/attachment-list.tsx'
import { FactList } from '#app/components/ui/fact-list.tsx'
import { RichText } from '#app/components/ui/rich-text.tsx'
import type {
  LinkageSummary,
  ProjectDetail,
  StageAnnouncement,
} from '#common/schemas/project.ts'

import { CorrectionNotice } from './correction-notice.tsx'
import { LinkageStatusTag } from './linkage-view.tsx'
import {
  formatAmount,
  partyLabel,
  projectHref,
  withdrawalText,
} from './project-format.ts'
import styles from './projects.module.css'
import { StageFactsView } from './stage-facts-view.tsx'
import factStyles from './stage-facts.module.css'
import { type OverviewLine, tenderOverview } from './tender-overview.ts'

type Props = {
  project: ProjectDetail
  stage: string
  // The console's preview keeps the tab to itself: its address is not the public page's.
  onStageChange?: (stage: string) => void
}

export function ProjectView({ project, stage, onStageChange }: Props) {
  const navigate = useNavigate()
  if (project.withdrawal)
    return (
      <section className="portal-panel" aria-labelledby="project-title">
        <h1 id="project-title" className={styles.detailTitle}>
          {project.name}
        </h1>
        <p className={styles.withdrawn}>
          {withdrawalText('本项目信息', project.withdrawal)}
        </p>
      </section>
    )
  const overview = tenderOverview(project.stages)
  return (
    <>
      <section className="portal-panel" aria-labelledby="project-title">
        <h1 id="project-title" className={styles.detailTitle}>
          {project.name}
        </h1>
        <FactList
          classes={styles}
          facts={[
            { label: '项目编号', value: project.code },
            {
              label: '项目类型',
              value: `${project.categoryName} / ${project.subTypeName}`,
            },
            { label: partyLabel(project.category), value: project.tenderer },
            { label: '代理机构', value: project.agency || '—' },
            { label: '所属地区', value: project.regionName },
            { label: '项目地点', value: project.location },
            { label: '交易方式', value: project.tradeMode },
            { label: '资金来源', value: project.fundSource || '—' },
            { label: '项目金额', value: formatAmount(project.amount) },
            { label: '发布时间', value: project.publishTime },
            { label: '当前环节', value: project.currentStageName || '—' },
            // Tenders only: an auction or a listing states its dates in its notice.
            ...(project.registrationDeadline || project.openingTime
              ? [
                  {
                    label: '报名截止时间',
                    value: project.registrationDeadline?.slice(0, 16) ?? '—',
                  },
                  {
                    label: '开标时间',
                    value: project.openingTime?.slice(0, 16) ?? '—',
                  },
                ]
              : []),
          ]}
        />
      </section>
      {overview.length > 0 ? <TenderOverview lines={overview} /> : null}
      <section
        className={`portal-panel ${styles.stages}`}
        aria-label="交易环节"
      >
        <Tabs
          activeKey={stage}
          destroyOnHidden
          onChange={(key) =>
            onStageChange
              ? onStageChange(key)
              : navigate(projectHref(project.id, key), {
                  replace: true,
                  preventScrollReset: true,
                })
          }
          items={project.stages.map((item) => ({
            key: item.stage,
            label: item.announcement ? (
              item.stageName
            ) : (
              <span className={styles.pendingStage}>{item.stageName}</span>
            ),
            children: item.announcement ? (
              <StageAnnouncementView announcement={item.announcement} />
            ) : item.withdrawal ? (
              <p className={styles.withdrawn}>
                {withdrawalText(`本项目${item.stageName}`, item.withdrawal)}
              </p>
            ) : (
              <Empty description={`${item.stageName}信息尚未发布`} />
            ),
          }))}
        />
      </section>
      <LinkageRecords records={project.linkages} />
    </>
  )
}

function StageAnnouncementView({
  announcement,
}: {
  announcement: StageAnnouncement
}) {
  return (
    <article>
      <h2 className={styles.announcementTitle}>{announcement.title}</h2>
      <p className={styles.announcementMeta}>
        发布时间：
        <time dateTime={announcement.publishTime.replace(' ', 'T')}>
          {announcement.publishTime}
        </time>
      </p>
      {announcement.correction ? (
        <CorrectionNotice correction={announcement.correction} />
      ) : null}
      <RichText className={styles.detailBody} html={announcement.content} />
      {announcement.facts ? (
        <StageFactsView facts={announcement.facts} />
      ) : null}
      <AttachmentList files={announcement.files} />
    </article>
  )
}

// Figures from the stages' published facts, so a reader need not add them up across the tabs.
function TenderOverview({ lines }: { lines: OverviewLine[] }) {
  return (
    <section
      className={`portal-panel ${factStyles.overview}`}
      aria-labelledby="tender-overview-title"
    >
      <h2 id="tender-overview-title" className={factStyles.overviewTitle}>
        招标投标概况
      </h2>
      <dl className={factStyles.figures}>
        {lines.map((line) => (
          <div key={line.label}>
            <dt>{line.label}</dt>
            <dd>
              {line.value}
              {line.note ? (
                <span className={factStyles.figureNote}>{line.note}</span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

function LinkageRecords({ records }: { records: LinkageSummary[] }) {
  return (
    <section className="portal-panel" aria-labelledby="linkage-title">
      <h2 id="linkage-title" className={styles.sectionTitle}>
        联动监管记录
      </h2>
      {records.length === 0 ? (
        <Empty description="本项目暂无联动监管记录" />
      ) : (
        <ul className={styles.linkageList}>
          {records.map((record) => (
            <li key={record.id}>
              <Link to={`${href('/business/linkageDetail')}?id=${record.id}`}>
                {record.title}
              </Link>
              <span className={styles.linkageMeta}>
                <LinkageStatusTag
                  status={record.status}
                  name={record.statusName}
                />
                <span>责任单位：{record.responsibleUnit}</span>
                <time dateTime={record.foundDate}>{record.foundDate}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
