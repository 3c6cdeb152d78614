import { Modal } from 'antd'

import { RefusalNote } from '#app/console/components/refusal-note.tsx'
import { useConsoleCall } from '#app/console/api/use-console-call.ts'

import type {
  ImportToken,
  PlatformToken,
  PlatformTokenCalls,
} from './platform-token-api.ts'
import styles from './platforms.module.css'

export type TrustAsked = { token: PlatformToken; isTrusted: boolean }

// docs/api/ocds-import.md: by default a push waits for a 内容审核 (先审后发); trusting a
// token waives that for its pushes, a choice of the department kept in the audit log.
const WHAT_IT_MEANS = {
  trust: {
    title: '设为免审发布？',
    okText: '设为免审发布',
    lines: [
      '设为免审发布后，该交易平台用此令牌推送的数据将立即在门户公开发布，不再经另一人（内容审核）审核。',
      '这是本部门的决定，将记入审计日志。只对这一个令牌有效：该平台新建的令牌仍须先审后发。',
    ],
  },
  review: {
    title: '改回先审后发？',
    okText: '改回先审后发',
    lines: [
      '改回后，该交易平台用此令牌推送的每一份数据，都须经内容审核批准后才公开发布。',
      '已发布的数据不受影响。此次更改将记入审计日志。',
    ],
  },
}

// The question stays while the dialog closes, so that its text does not change as it fades.
export function TrustDialog({
  asked,
  isOpen,
  calls,
  onClose,
  onDone,
}: {
  asked: TrustAsked | null
  isOpen: boolean
  calls: PlatformTokenCalls
  onClose: () => void
  onDone: (token: ImportToken) => void
}) {
  const { run, isPending, error, clearError } = useConsoleCall()
  const meaning = asked?.isTrusted ? WHAT_IT_MEANS.trust : WHAT_IT_MEANS.review

  async function confirm() {
    if (!asked) return
    const answer = await run(() =>
      calls.setTrust(asked.token.id, asked.isTrusted),
    )
    if (answer) onDone(answer)
  }

  return (
    <Modal
      open={isOpen}
      title={meaning.title}
      okText={meaning.okText}
      cancelText="取消"
      okButtonProps={{ danger: asked?.isTrusted }}
      confirmLoading={isPending}
      onOk={() => void confirm()}
      onCancel={() => {
        clearError()
        onClose()
      }}
      destroyOnHidden
    >
      {asked ? (
        <p className={styles.tokenNamed}>
          令牌“{asked.token.name}”，账号
          {asked.token.displayName
            ? `${asked.token.displayName}（${asked.token.accountName}）`
            : asked.token.accountName}
        </p>
      ) : null}
      {meaning.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <RefusalNote message={error?.message} />
    </Modal>
  )
}
