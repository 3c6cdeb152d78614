import { Alert, Button, Form, Input, type InputRef, Modal } from 'antd'
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'

import { zodRule } from '#app/components/ui/zod-form-rule.ts'
import { SignInSchema } from '#common/schemas/staff.ts'

import { signInPath } from '#app/console/api/console-paths.ts'
import { rememberSignInReason } from '#app/console/api/console-refusal.ts'
import { sessionAdvice } from '#app/console/api/session-advice.ts'
import {
  type SessionRenewal,
  SessionRenewalContext,
} from '#app/console/api/session-renewal.ts'
import { staffApi } from '#app/console/api/staff-api-client.ts'
import { StaffApiError } from '#app/console/api/staff-api-error.ts'
import type { StaffAccount } from '#app/console/api/staff-types.ts'
import { CodeField } from './code-field.tsx'
import styles from './console.module.css'
import { RefusalNote } from './refusal-note.tsx'

const CHECK_EVERY_MS = 15_000
const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'input'] as const

const minutesText = (ms: number) => `${Math.max(1, Math.ceil(ms / 60_000))}分钟`
const clockText = (at: number) =>
  new Date(at).toLocaleTimeString('zh-CN', {
    timeZone: 'Asia/Shanghai',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  })

type Pending = { reason: string; settle: (isBack: boolean) => void }

/**
 * Nothing typed in the console is lost to the session's end. Typing renews the session; a page
 * left alone is warned five minutes before the idle limit and ten before the twelve hours are
 * up; and once it has ended, the person signs in again in a dialog over the page, after which
 * the call that met the end is sent again (use-sign-in-on-session-end.ts).
 */
export function SessionKeeper({
  account,
  children,
}: {
  account: StaffAccount
  children: ReactNode
}) {
  const [pending, setPending] = useState<Pending | null>(null)
  const waiting = useRef<Promise<boolean> | null>(null)
  const [warning, setWarning] = useState<{
    kind: 'idle' | 'end'
    leftMs: number
    endsAt: number
  } | null>(null)
  const endWarned = useRef(false)
  const lastActivity = useRef(0)

  const renewal = useMemo<SessionRenewal>(
    () => ({
      // One dialog for every call that met the end at once.
      signInAgain: (reason) =>
        (waiting.current ??= new Promise<boolean>((settle) =>
          setPending({
            reason,
            settle: (isBack) => {
              waiting.current = null
              setPending(null)
              settle(isBack)
            },
          }),
        )),
    }),
    [],
  )

  useEffect(() => {
    const note = () => (lastActivity.current = Date.now())
    for (const type of ACTIVITY_EVENTS)
      document.addEventListener(type, note, { capture: true, passive: true })
    const check = () => {
      if (waiting.current) return
      const times = staffApi.sessionTimes()
      const now = Date.now()
      const advice = sessionAdvice({
        now,
        lastActivityAt: lastActivity.current,
        ...times,
      })
      if (advice.kind === 'renew') {
        // Any answer renews it; a session already gone shows at the next call.
        void staffApi.session().catch(() => {})
        return
      }
      if (advice.kind === 'expired') {
        setWarning(null)
        void renewal.signInAgain(advice.reason)
        return
      }
      if (advice.kind === 'idle-warning')
        setWarning({ kind: 'idle', leftMs: advice.leftMs, endsAt: now })
      else if (advice.kind === 'end-warning' && !endWarned.current) {
        endWarned.current = true
        setWarning({
          kind: 'end',
          leftMs: advice.leftMs,
          endsAt: now + advice.leftMs,
        })
      } else if (advice.kind === 'none')
        setWarning((shown) => (shown?.kind === 'idle' ? null : shown))
    }
    const timer = setInterval(check, CHECK_EVERY_MS)
    return () => {
      clearInterval(timer)
      for (const type of ACTIVITY_EVENTS)
        document.removeEventListener(type, note, { capture: true })
    }
  }, [renewal])

  async function keepWorking() {
    setWarning(null)
    await staffApi.session().catch(async (error: unknown) => {
      if (error instanceof StaffApiError && error.isSessionEnded)
        await renewal.signInAgain(error.message)
    })
  }

  return (
    <SessionRenewalContext.Provider value={renewal}>
      {children}
      <Modal
        open={warning !== null}
        title={warning?.kind === 'end' ? '登录即将到期' : '即将退出登录'}
        closable={false}
        mask={{ closable: false }}
        footer={
          <Button type="primary" onClick={() => void keepWorking()}>
            {warning?.kind === 'end' ? '知道了' : '继续使用'}
          </Button>
        }
      >
        <p>
          {warning?.kind === 'end'
            ? `本次登录将于${clockText(warning.endsAt)}到期（每次登录最长12小时）。到期后在本页重新登录即可继续，填写的内容不会丢失。`
            : `您已较长时间没有操作，约${minutesText(warning?.leftMs ?? 0)}后将自动退出登录。如需继续，请点击“继续使用”。`}
        </p>
      </Modal>
      {pending ? (
        <SignInAgainDialog
          account={account}
          reason={pending.reason}
          onDone={pending.settle}
        />
      ) : null}
    </SessionRenewalContext.Provider>
  )
}

type Values = { password: string; code: string }

function SignInAgainDialog({
  account,
  reason,
  onDone,
}: {
  account: StaffAccount
  reason: string
  onDone: (isBack: boolean) => void
}) {
  const [form] = Form.useForm<Values>()
  const navigate = useNavigate()
  const [isPending, setIsPending] = useState(false)
  // The account name is given: the password is what to type first, once the dialog has opened
  // (the dialog puts the focus on its first field as it opens).
  const password = useRef<InputRef>(null)
  const [refusal, setRefusal] = useState<string | null>(null)

  async function signIn(values: Values) {
    setIsPending(true)
    setRefusal(null)
    try {
      await staffApi.signIn({ accountName: account.accountName, ...values })
      onDone(true)
    } catch (error) {
      form.setFieldValue('code', '')
      setRefusal(
        error instanceof StaffApiError
          ? error.message
          : '登录未能完成，请稍后重试',
      )
    } finally {
      setIsPending(false)
    }
  }

  function leave() {
    rememberSignInReason(reason)
    onDone(false)
    const here = `${window.location.pathname}${window.location.search}`
    void navigate(signInPath(here))
  }

  return (
    <Modal
      open
      title="请重新登录"
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={null}
      destroyOnHidden
      afterOpenChange={(isOpen) => {
        if (isOpen) password.current?.focus()
      }}
    >
      <Alert
        type="warning"
        showIcon
        title={reason}
        className={styles.formNote}
      />
      <p>在此重新登录后，本页填写的内容都还在，刚才的操作会接着完成。</p>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={isPending}
        onFinish={(values) => void signIn(values)}
      >
        <Form.Item label="账号名" htmlFor="sign-in-again-account">
          <Input
            id="sign-in-again-account"
            value={account.accountName}
            readOnly
            aria-readonly
          />
        </Form.Item>
        <Form.Item
          name="password"
          label="密码"
          rules={[zodRule(SignInSchema, ['password'])]}
        >
          <Input.Password ref={password} autoComplete="current-password" />
        </Form.Item>
        <CodeField />
        <RefusalNote message={refusal} />
        <div className={styles.dialogButtons}>
          <Button onClick={leave}>前往登录页</Button>
          <Button type="primary" htmlType="submit" loading={isPending}>
            登录并继续
          </Button>
        </div>
      </Form>
    </Modal>
  )
}
