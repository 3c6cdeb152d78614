import { Alert, Button, Checkbox, Form, Input, Popconfirm, Space } from 'antd'
import { useEffect, useState } from 'react'

import {
  CONTACT_CODE_MS,
  CONTACT_CODE_RESEND_MS,
  REMINDER_DAY_CHOICES,
  REMINDER_HOUR,
  ROLE_HANDLER,
  ROLE_HEAD,
  type StaffRole,
} from '#common/constants/staff.ts'
import {
  BeginContactSchema,
  ConfirmContactSchema,
  type ContactChannel,
  ContactCodeSentSchema,
  StaffContactsSchema,
  type StaffContacts,
} from '#common/schemas/staff-contacts.ts'

import { zodRule } from '#app/components/ui/zod-form-rule.ts'
import styles from '#app/console/components/console.module.css'
import { RefusalNote } from '#app/console/components/refusal-note.tsx'
import { staffApi } from '#app/console/api/staff-api-client.ts'
import { useConsoleCall } from '#app/console/api/use-console-call.ts'

const CHANNELS: Record<
  ContactChannel,
  { label: string; placeholder: string; inputMode: 'email' | 'tel' }
> = {
  email: {
    label: '电子邮箱',
    placeholder: '例如 zhangsan@slt.example.gov.cn',
    inputMode: 'email',
  },
  mobile: { label: '手机号码', placeholder: '11位手机号码', inputMode: 'tel' },
}

const dayLabel = (day: number) =>
  day === 0 ? '到期当天' : `提前${day}个工作日`

/** Seconds left of a countdown started by `start`, counted down while the page is open. */
function useCountdown() {
  const [left, setLeft] = useState(0)
  useEffect(() => {
    if (left <= 0) return
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000)
    return () => clearTimeout(timer)
  }, [left])
  return { left, start: (seconds: number) => setLeft(seconds) }
}

function ContactField({
  channel,
  contacts,
  onChange,
}: {
  channel: ContactChannel
  contacts: StaffContacts
  onChange: (contacts: StaffContacts) => void
}) {
  const { label, placeholder, inputMode } = CHANNELS[channel]
  const confirmed = contacts[channel]
  const [sentTo, setSentTo] = useState<string | null>(
    contacts.pending[channel]?.value ?? null,
  )
  const [isEditing, setEditing] = useState(!confirmed)
  const countdown = useCountdown()
  const wait = countdown.left
  const send = useConsoleCall()
  const confirm = useConsoleCall()
  const remove = useConsoleCall()
  const [form] = Form.useForm<{ value: string }>()

  async function sendCode({ value }: { value: string }) {
    const answer = await send.run(() =>
      staffApi.post('/me/contacts', ContactCodeSentSchema, {
        channel,
        value,
      }),
    )
    if (!answer) return
    setSentTo(answer.sentTo)
    countdown.start(CONTACT_CODE_RESEND_MS / 1000)
  }

  async function confirmCode({ code }: { code: string }) {
    const answer = await confirm.run(() =>
      staffApi.post('/me/contacts/confirm', StaffContactsSchema, {
        channel,
        code,
      }),
    )
    if (!answer) return
    setSentTo(null)
    setEditing(false)
    onChange(answer)
  }

  async function removeContact() {
    const answer = await remove.run(() =>
      staffApi.post(`/me/contacts/${channel}/remove`, StaffContactsSchema),
    )
    if (!answer) return
    setEditing(true)
    onChange(answer)
  }

  return (
    <section aria-label={label} className={styles.narrowForm}>
      <h3 className={styles.subTitle}>{label}</h3>
      {confirmed ? (
        <p>
          已确认：<strong>{confirmed}</strong>
        </p>
      ) : (
        <p>未登记</p>
      )}
      {confirmed && !isEditing ? (
        <Space wrap>
          <Button onClick={() => setEditing(true)}>更换{label}</Button>
          <Popconfirm
            title={`删除${label}？`}
            description={`删除后不再通过${label === '电子邮箱' ? '邮件' : '短信'}收到期限提醒`}
            okText="删除"
            cancelText="取消"
            okButtonProps={{ danger: true }}
            onConfirm={() => removeContact()}
          >
            <Button danger loading={remove.isPending}>
              删除{label}
            </Button>
          </Popconfirm>
        </Space>
      ) : (
        <Form
          form={form}
          name={`contact-${channel}`}
          layout="vertical"
          requiredMark={false}
          disabled={send.isPending}
          onFinish={(values) => void sendCode(values)}
        >
          <Form.Item
            name="value"
            label={confirmed ? `新的${label}` : label}
            rules={[
              zodRule(BeginContactSchema, ['value'], (values) => ({
                channel,
                value: values.value,
              })),
            ]}
          >
            <Input
              inputMode={inputMode}
              autoComplete={channel === 'email' ? 'email' : 'tel'}
              placeholder={placeholder}
              maxLength={channel === 'email' ? 254 : 11}
            />
          </Form.Item>
          <RefusalNote message={send.error?.message} />
          <Space wrap>
            <Button
              htmlType="submit"
              loading={send.isPending}
              disabled={wait > 0}
            >
              {wait > 0
                ? `${wait}秒后可重新发送`
                : sentTo
                  ? '重新发送验证码'
                  : '发送验证码'}
            </Button>
            {confirmed ? (
              <Button onClick={() => setEditing(false)}>取消</Button>
            ) : null}
          </Space>
        </Form>
      )}
      {sentTo && isEditing ? (
        <Form
          name={`contact-${channel}-code`}
          layout="vertical"
          requiredMark={false}
          disabled={confirm.isPending}
          onFinish={(values) => void confirmCode(values)}
          className={styles.formTop}
        >
          <Alert
            type="info"
            showIcon
            title={`验证码已发送至 ${sentTo}，${CONTACT_CODE_MS / 60_000}分钟内有效`}
            className={styles.formNote}
          />
          <Form.Item
            name="code"
            label="收到的验证码"
            rules={[
              zodRule(ConfirmContactSchema, ['code'], (v) => ({
                channel,
                code: v.code,
              })),
            ]}
          >
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="6位数字"
            />
          </Form.Item>
          <RefusalNote message={confirm.error?.message} />
          <Button type="primary" htmlType="submit" loading={confirm.isPending}>
            确认{label}
          </Button>
        </Form>
      ) : null}
      <RefusalNote message={remove.error?.message} />
    </section>
  )
}

// As RoleCheckboxes: the group takes the field's id, not the aria attributes antd gives a field.
function DayCheckboxes({
  id,
  value,
  onChange,
}: {
  id?: string
  value?: number[]
  onChange?: (days: number[]) => void
}) {
  return (
    <div id={id} role="group" aria-label="提醒时间">
      <Checkbox.Group
        value={value}
        onChange={(checked) => onChange?.(checked)}
        options={REMINDER_DAY_CHOICES.map((day) => ({
          label: dayLabel(day),
          value: day,
        }))}
      />
    </div>
  )
}

function ReminderDays({
  contacts,
  onChange,
}: {
  contacts: StaffContacts
  onChange: (contacts: StaffContacts) => void
}) {
  const save = useConsoleCall()
  const [isSaved, setSaved] = useState(false)

  async function saveDays({ days }: { days: number[] }) {
    setSaved(false)
    const answer = await save.run(() =>
      staffApi.put('/me/reminders', StaffContactsSchema, { days }),
    )
    if (!answer) return
    setSaved(true)
    onChange(answer)
  }

  return (
    <Form
      name="reminder-days"
      layout="vertical"
      requiredMark={false}
      disabled={save.isPending}
      initialValues={{ days: contacts.reminderDays }}
      onFinish={(values) => void saveDays(values)}
      onValuesChange={() => setSaved(false)}
    >
      <Form.Item
        name="days"
        label={<h3 className={styles.subTitle}>提醒时间</h3>}
        extra="按工作日计算，节假日不提醒"
        rules={[
          {
            required: true,
            type: 'array',
            min: 1,
            message: '请至少选择一个提醒时间',
          },
        ]}
      >
        <DayCheckboxes />
      </Form.Item>
      <RefusalNote message={save.error?.message} />
      {isSaved ? (
        <Alert
          type="success"
          showIcon
          title="提醒时间已保存"
          className={styles.formNote}
        />
      ) : null}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存提醒时间
      </Button>
    </Form>
  )
}

// Where and when the person hears of a deadline (server/complaints/reminders/).
export function ContactReminders({
  initial,
  roles,
}: {
  initial: StaffContacts
  roles: StaffRole[]
}) {
  const [contacts, setContacts] = useState(initial)
  const handles = roles.includes(ROLE_HANDLER) || roles.includes(ROLE_HEAD)
  const hasNone = !contacts.email && !contacts.mobile
  return (
    <div className={styles.stack}>
      <p className={styles.pageNote}>
        {handles
          ? `投诉的受理、补正材料和处理期限到来前，系统按您选择的时间发邮件和短信提醒（承办人收到本人承办投诉的提醒，投诉负责人收到全部投诉的提醒）；每个工作日${REMINDER_HOUR}时另发一封每日待办邮件。邮箱和手机号须经验证码确认后才使用。`
          : '您的角色不办理投诉，不会收到期限提醒。'}
      </p>
      {handles && hasNone ? (
        <Alert
          type="warning"
          showIcon
          title="您尚未登记经确认的邮箱或手机号，收不到期限提醒和每日待办"
        />
      ) : null}
      <ContactField
        channel="email"
        contacts={contacts}
        onChange={setContacts}
      />
      <ContactField
        channel="mobile"
        contacts={contacts}
        onChange={setContacts}
      />
      <ReminderDays contacts={contacts} onChange={setContacts} />
    </div>
  )
}
