import { Timeline } from 'antd'
import type { ReactNode } from 'react'
import { href, Link } from 'react-router'

import { FactList } from '#app/components/ui/fact-list.tsx'
import type { WarningState } from '#common/constants/supervision.ts'
import type { WarningDetail } from '#common/schemas/supervision.ts'

import type { ConsoleSectionProps } from '#app/console/components/console-page.tsx'
import styles from './supervision.module.css'
import { WarningStateTag } from './warning-state-tag.tsx'

// What the last disposition's note says, by the state it led to.
const NOTE_LABEL: Partial<Record<WarningState, string>> = {
  checking: '核查说明',
  verified: '核实情况',
  dismissed: '排除理由',
}

function Section({ id, title, children }: ConsoleSectionProps) {
  return (
    <section aria-labelledby={id} className={`portal-panel ${styles.section}`}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  )
}

export function WarningDetailView({
  warning: w,
  actions,
}: {
  warning: WarningDetail
  actions?: ReactNode
}) {
  const noteLabel = NOTE_LABEL[w.state]
  return (
    <article aria-labelledby="warning-title">
      <header className={`portal-panel ${styles.section}`}>
        <h1 id="warning-title" className={styles.sectionTitle}>
          {w.name}
        </h1>
        <p className={styles.headLine}>
          <WarningStateTag state={w.state} label={w.stateName} />
          <span className={styles.meta}>
            预警于 {w.raisedAt} · 最近更新 {w.updatedAt}
          </span>
        </p>
        <p>
          项目：
          <a href={w.projectPath} target="_blank" rel="noopener noreferrer">
            {w.projectName}
            <span className="visually-hidden">（在新标签页打开公开页面）</span>
          </a>
          <span className={styles.meta}>（项目编号：{w.projectCode}）</span>
        </p>
        <p>承办人：{w.assigneeName ?? '未指派'}</p>
        {noteLabel && w.dispositionNote ? (
          <p className={styles.preWrap}>
            {noteLabel}：{w.dispositionNote}
          </p>
        ) : null}
        {w.linkageItemId === null ? null : (
          <p>
            联动监管记录：
            <Link
              to={href('/admin/content/:id', { id: String(w.linkageItemId) })}
            >
              内容编号 {w.linkageItemId}
            </Link>
            <span className={styles.meta}>
              （核实后建立，在内容管理中完善、送审）
            </span>
          </p>
        )}
        {actions}
      </header>

      <Section id="warning-indicator" title="预警指标">
        <FactList
          classes={styles}
          facts={[
            { label: '指标', value: w.name, isWide: true },
            { label: '规则', value: w.rule, isWide: true },
            { label: '依据', value: w.basis, isWide: true },
          ]}
        />
      </Section>

      <Section id="warning-explanation" title="预警说明">
        <p className={styles.preWrap}>{w.explanation}</p>
      </Section>

      <Section id="warning-inputs" title="预警所依据的数据">
        {w.inputs.length > 0 ? (
          <FactList
            classes={styles}
            facts={w.inputs.map((input) => ({
              label: input.label,
              value: String(input.value),
            }))}
          />
        ) : (
          <p className={styles.meta}>没有记录数据</p>
        )}
      </Section>

      <Section id="warning-steps" title="处理经过">
        <Timeline
          items={w.steps.map((step, index) => ({
            key: index,
            content: (
              <>
                <strong>{step.action}</strong>{' '}
                <span className={styles.meta}>
                  {step.at} · {step.actorName}
                </span>
                {step.note ? (
                  <p className={styles.preWrap}>{step.note}</p>
                ) : null}
              </>
            ),
          }))}
        />
      </Section>
    </article>
  )
}
