import { Form } from 'antd'
import { lazy, type ReactNode, Suspense, useState } from 'react'

import { ChunkErrorBoundary } from '#app/components/ui/chunk-error-boundary.tsx'
import { FormTextInput } from '#app/components/ui/form-text-input.tsx'
import { PlainButton } from '#app/components/ui/plain-button.tsx'
import { TabPanels } from '#app/components/ui/tab-panels.tsx'
import { QUERY_CODE_CHARACTERS } from '#common/constants/query-code.ts'
import { MSG_CHUNK_LOAD_FAILED } from '#common/messages.ts'
import type { RegionalApi } from '#common/regional-api.ts'
import type {
  ComplaintAccess,
  ComplaintStatus,
} from '#common/schemas/complaint/complaint-follow-up.ts'

import { ComplaintNoItem } from './complaint-no-item.tsx'
import styles from './follow-up.module.css'
import {
  loadQuerySchemas,
  loadRegionalApi,
  type QuerySchemas,
  queryFieldRule,
} from './query-on-demand.ts'

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

// Three ways to the same complaint. The portal's own tabs, not antd's (its dropdown for tabs
// that overflow and its animations are some 20 KB); a way once opened keeps what was typed in
// it when another is chosen.
const WAYS: { key: FollowUpTab; label: string }[] = [
  { key: 'number', label: '按投诉编号查询' },
  { key: 'code', label: '按查询码查询' },
  { key: 'phone', label: '忘记查询码？用手机号查询' },
]

const queryCodeItem = (
  <Form.Item
    label="查询码"
    name="queryCode"
    required
    rules={[queryFieldRule((schemas) => schemas.QueryCodeSchema, 'queryCode')]}
    extra={`12位，由${QUERY_CODE_CHARACTERS}组成，不区分大小写，可带空格或短横线`}
  >
    <FormTextInput
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
  const [hasFailedToLoad, setHasFailedToLoad] = useState(false)

  // The schemas and the client come with the first query if the checks have not brought them.
  async function run(
    query: (
      api: RegionalApi,
      schemas: QuerySchemas,
    ) => { code: string; status: Promise<ComplaintStatus> },
  ) {
    setIsLoading(true)
    setHasFailedToLoad(false)
    void loadStatusView().catch(() => undefined)
    let loaded
    try {
      loaded = await Promise.all([loadRegionalApi(), loadQuerySchemas()])
    } catch {
      setHasFailedToLoad(true)
      setIsLoading(false)
      return
    }
    const sent = query(...loaded)
    try {
      const status = await sent.status
      setFound({
        status,
        access: { complaintNo: status.complaintNo, queryCode: sent.code },
      })
    } catch {
      // The client showed why; the typed values stay.
    } finally {
      setIsLoading(false)
    }
  }

  // The portal's light button: antd's brings its wave and motion (6 KB) to the first view.
  const submit = (
    <PlainButton
      type="submit"
      variant="primary"
      disabled={isLoading}
      aria-busy={isLoading}
    >
      {isLoading ? '正在查询…' : '查 询'}
    </PlainButton>
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
        void run((api, schemas) => {
          const access = {
            complaintNo: schemas.ComplaintNoSchema.parse(values.complaintNo),
            queryCode: schemas.QueryCodeSchema.parse(values.queryCode),
          }
          return {
            code: access.queryCode,
            status: api.queryComplaintByNumber(access),
          }
        })
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
        void run((api, schemas) => {
          const code = schemas.QueryCodeSchema.parse(values.queryCode)
          return {
            code,
            status: api.queryComplaintByCode({ queryCode: code }),
          }
        })
      }}
    >
      {queryCodeItem}
      {submit}
    </Form>
  )

  const forms: Record<FollowUpTab, ReactNode> = {
    number: byNumber,
    code: byCode,
    phone: (
      <ChunkErrorBoundary fallback={failedNote}>
        <Suspense fallback={loadingNote('手机号查询')}>
          <PhoneLookupForm
            initialNo={initialNo}
            onFound={(status) => setFound({ status, access: null })}
          />
        </Suspense>
      </ChunkErrorBoundary>
    ),
  }

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
        <TabPanels
          label="查询方式"
          initialKey={initialTab}
          isRenderedWhenChosen
          isWrapped
          items={WAYS.map(({ key, label }) => ({
            key,
            label,
            content: forms[key],
          }))}
        />
        {hasFailedToLoad ? failedNote : null}
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
                  void run((api) => ({
                    code: access.queryCode,
                    status: api.queryComplaintByNumber(access),
                  }))
              }}
            />
          </Suspense>
        </ChunkErrorBoundary>
      ) : null}
    </>
  )
}
