import { Button, Form, Input, Tabs } from 'antd'
import { lazy, Suspense, useState } from 'react'
import type { ZodType } from 'zod'

import { getBrowserRegionalApi } from '#app/api/browser-regional-api.ts'
import { ChunkErrorBoundary } from '#app/components/ui/chunk-error-boundary.tsx'
import { zodRule } from '#app/components/ui/zod-form-rule.ts'
import {
  ComplaintNoSchema,
  QUERY_CODE_CHARACTERS,
  QueryCodeSchema,
} from '#common/schemas/complaint/complaint-fields.ts'
import { MSG_CHUNK_LOAD_FAILED } from '#common/messages.ts'
import type {
  ComplaintAccess,
  ComplaintStatus,
} from '#common/schemas/complaint/complaint-follow-up.ts'

import { ComplaintNoItem } from './complaint-no-item.tsx'
import styles from './follow-up.module.css'

// What is shown once a complaint is found (its tables, steps, uploads and dialogs) and the lookup
// by phone (its captcha and SMS code) load when wanted, not with the page: the query form alone
// is what a visitor needs first. The status view is fetched as the query is sent.
const loadStatusView = () => import('./complaint-status-view.tsx')
const ComplaintStatusView = lazy(() =>
  loadStatusView().then((module) => ({ default: module.ComplaintStatusView })),
)
const PhoneLookupForm = lazy(() =>
  import('./phone-lookup-form.tsx').then((module) => ({
    default: module.PhoneLookupForm,
  })),
)

const loadingNote = (what: string) => (
  <p role="status" className={styles.hint}>
    正在加载{what}…
  </p>
)
const failedNote = (
  <p role="alert" className={styles.hint}>
    {MSG_CHUNK_LOAD_FAILED}
  </p>
)

// Found by phone and SMS code, a complaint has no query code here: it is shown read-only.
type Found = { access: ComplaintAccess | null; status: ComplaintStatus }

type FollowUpTab = 'number' | 'code' | 'phone'

const fieldRule = (schema: ZodType, name: string) =>
  zodRule(schema, [], (values) => values[name] ?? '')

const queryCodeItem = (
  <Form.Item
    label="查询码"
    name="queryCode"
    required
    rules={[fieldRule(QueryCodeSchema, 'queryCode')]}
    extra={`12位，由${QUERY_CODE_CHARACTERS}组成，不区分大小写，可带空格或短横线`}
  >
    <Input
      // Room for a code typed in groups: ABCD-EFGH-JKMN.
      maxLength={24}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      className={styles.code}
    />
  </Form.Item>
)

export function ComplaintFollowUp({
  initialNo,
  initialTab = 'number',
}: {
  initialNo: string
  initialTab?: FollowUpTab
}) {
  const [found, setFound] = useState<Found | null>(null)
  const [isLoading, setIsLoading] = useState(false)

  async function run(query: () => Promise<ComplaintStatus>, code: string) {
    setIsLoading(true)
    void loadStatusView().catch(() => undefined)
    try {
      const status = await query()
      setFound({
        status,
        access: { complaintNo: status.complaintNo, queryCode: code },
      })
    } catch {
      // The client showed why; the typed values stay.
    } finally {
      setIsLoading(false)
    }
  }

  const submit = (
    <Button type="primary" htmlType="submit" loading={isLoading}>
      查询
    </Button>
  )

  const byNumber = (
    <Form
      // Named forms prefix their field ids: both tabs have a 查询码 field.
      name="by-number"
      layout="vertical"
      className={styles.form}
      initialValues={{ complaintNo: initialNo }}
      disabled={isLoading}
      onFinish={(values: { complaintNo: string; queryCode: string }) => {
        const access = {
          complaintNo: ComplaintNoSchema.parse(values.complaintNo),
          queryCode: QueryCodeSchema.parse(values.queryCode),
        }
        void run(
          () => getBrowserRegionalApi().queryComplaintByNumber(access),
          access.queryCode,
        )
      }}
    >
      <ComplaintNoItem />
      {queryCodeItem}
      {submit}
    </Form>
  )
  const byCode = (
    <Form
      name="by-code"
      layout="vertical"
      className={styles.form}
      disabled={isLoading}
      onFinish={(values: { queryCode: string }) => {
        const code = QueryCodeSchema.parse(values.queryCode)
        void run(
          () =>
            getBrowserRegionalApi().queryComplaintByCode({ queryCode: code }),
          code,
        )
      }}
    >
      {queryCodeItem}
      {submit}
    </Form>
  )

  return (
    <>
      <section
        className="portal-panel"
        aria-labelledby="complaint-follow-up-title"
      >
        <h1 id="complaint-follow-up-title" className={styles.title}>
          投诉查询
        </h1>
        <p className={styles.hint}>
          请输入提交投诉时获得的投诉编号和查询码。查询码遗失的，可用手机号查询。
        </p>
        <Tabs
          defaultActiveKey={initialTab}
          items={[
            { key: 'number', label: '按投诉编号查询', children: byNumber },
            { key: 'code', label: '按查询码查询', children: byCode },
            {
              key: 'phone',
              label: '忘记查询码？用手机号查询',
              children: (
                <ChunkErrorBoundary fallback={failedNote}>
                  <Suspense fallback={loadingNote('手机号查询')}>
                    <PhoneLookupForm
                      initialNo={initialNo}
                      onFound={(status) => setFound({ status, access: null })}
                    />
                  </Suspense>
                </ChunkErrorBoundary>
              ),
            },
          ]}
        />
      </section>
      {found ? (
        <ChunkErrorBoundary fallback={failedNote}>
          <Suspense fallback={loadingNote('投诉详情')}>
            <ComplaintStatusView
              status={found.status}
              access={found.access}
              onChanged={() => {
                const { access } = found
                if (access)
                  void run(
                    () =>
                      getBrowserRegionalApi().queryComplaintByNumber(access),
                    access.queryCode,
                  )
              }}
            />
          </Suspense>
        </ChunkErrorBoundary>
      ) : null}
    </>
  )
}
