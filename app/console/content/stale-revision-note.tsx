import { Alert, Button } from 'antd'

import { CONTENT_REFUSALS } from '#common/constants/content.ts'

import { contentItemHref } from './content-query.ts'
import styles from './content.module.css'
import type { Latest } from './use-editor-step.ts'

type Props = {
  itemId: number
  latest: Latest | null
  isReading: boolean
  onRead: () => void
  onKeep: () => void
}

export function StaleRevisionNote({
  itemId,
  latest,
  isReading,
  onRead,
  onKeep,
}: Props) {
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      className={styles.staleNote}
      title={CONTENT_REFUSALS.stale}
      description={
        <>
          <p>
            您打开这篇内容之后，有人修改、提交或审核了它，本次操作没有保存。您填写的内容仍保留在上面的表单中。
          </p>
          {latest ? (
            latest.canSave ? (
              <p>
                最新版本是修订 {latest.base.revisionNo}（{latest.stateLabel}
                ）。确认以您填写的内容替换它时，再点“保存草稿”。
              </p>
            ) : (
              <p>
                最新版本是修订 {latest.base.revisionNo}（{latest.stateLabel}
                ），目前不能修改。可复制您填写的内容，待其审核后再修改。
              </p>
            )
          ) : null}
          <div className={styles.actions}>
            <a
              href={contentItemHref(itemId)}
              target="_blank"
              rel="noopener noreferrer"
            >
              在新标签页查看最新版本
            </a>
            {latest?.canSave ? (
              <Button key="keep" size="small" onClick={onKeep}>
                保留我的内容，在最新版本上继续编辑
              </Button>
            ) : latest ? null : (
              <Button
                key="read"
                size="small"
                onClick={onRead}
                loading={isReading}
              >
                查看最新版本的状态
              </Button>
            )}
          </div>
        </>
      }
    />
  )
}
