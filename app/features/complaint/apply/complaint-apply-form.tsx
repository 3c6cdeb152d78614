import { Form, Steps } from 'antd'
import { startTransition, useState } from 'react'
import { useLocation } from 'react-router'

import type { SignHolder } from '#app/components/ui/sign-dialog.tsx'
import type { ComplaintFiled } from '#common/schemas/complaint/complaint-filing.ts'
import type { FileRecord } from '#common/schemas/file-record.ts'

import { EMPTY_VALUES, type ApplyValues } from './apply-values.ts'
import { ComplaintFiledResult } from './complaint-filed.tsx'
import { createProgressStore, FilingProgress } from './filing-progress.tsx'
import { ContentFields } from './content-fields.tsx'
import { ComplainantFields, RespondentFields, rule } from './party-fields.tsx'
import { ProjectSelect } from './project-select.tsx'
import { SealAndSubmit } from './seal-and-submit.tsx'
import { useApplyDraft } from './use-apply-draft.ts'
import { useFilingActions } from './use-filing-actions.ts'
import { useSigningTrip } from './use-signing-trip.ts'
import { VerificationFields } from './verification-fields.tsx'
import styles from './apply.module.css'
import { useAppFeedback } from '#app/components/ui/app-feedback.tsx'

function holderOf(
  complainant: ApplyValues['complainant'] | undefined,
): SignHolder | undefined {
  const name = complainant?.name?.trim()
  if (!name) return undefined
  return {
    name,
    idNumber: complainant?.idNumber?.trim().toUpperCase(),
    kind: complainant?.type === 'natural_person' ? 'person' : 'organisation',
  }
}

const STEPS = [
  { title: '填写投诉书' },
  { title: '生成并签章' },
  { title: '提交投诉' },
  { title: '完成' },
]

// Everything typed is kept in the tab's session with the draft's client key: submitting again
// after a failure (a lost answer, a restarted server) gets the same number and query code.
export function ComplaintApplyForm() {
  const [form] = Form.useForm<ApplyValues>()
  const { message } = useAppFeedback()
  // The generated form lives in the form's store, so the draft keeps it with the values.
  const formFile: FileRecord | null =
    Form.useWatch('formFile', { form, preserve: true }) ?? null
  const setFormFile = (file: FileRecord | null) =>
    form.setFieldValue('formFile', file ?? undefined)
  const [isBusy, setIsBusy] = useState(false)
  // Disabling the whole form redraws every field: done as a transition, so that the request
  // leaves at once instead of after that redraw (the progress display answers the click).
  const setBusy = (busy: boolean) => startTransition(() => setIsBusy(busy))
  const [progress] = useState(createProgressStore)
  const [filed, setFiled] = useState<ComplaintFiled | null>(null)
  // Why the server refused the letter's seal: the form then offers 重新签章 with the reason.
  const [sealRefusal, setSealRefusal] = useState<string | null>(null)
  const complainant: ApplyValues['complainant'] | undefined = Form.useWatch(
    'complainant',
    { form, preserve: true },
  )
  const location = useLocation()
  const draft = useApplyDraft(form)
  const letter = { form, draft, setFormFile, setSealRefusal }
  const { leaveForSigning } = useSigningTrip(letter)
  const { generate, submit } = useFilingActions({
    ...letter,
    progress,
    formFile,
    setBusy,
    setFiled,
  })

  const step = filed ? 3 : formFile?.isSign ? 2 : formFile ? 1 : 0
  return (
    <div className={styles.apply}>
      <Steps
        current={step}
        items={STEPS}
        size="small"
        className={styles.steps}
        aria-label="投诉办理步骤"
      />
      {filed ? (
        <ComplaintFiledResult filed={filed} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={EMPTY_VALUES}
          disabled={isBusy}
          scrollToFirstError
          onValuesChange={(changed: Partial<ApplyValues>) => {
            const isVerification = Object.keys(changed).every(
              (key) => key === 'captcha' || key === 'smsCode',
            )
            if (isVerification) return
            // A changed form makes the generated (or sealed) form stale.
            if (formFile) {
              progress.clear()
              setFormFile(null)
              setSealRefusal(null)
              void message.info('投诉内容已修改，请重新生成投诉书并签章')
            }
            draft.keepDraft()
          }}
        >
          <fieldset className={styles.section}>
            <legend>投诉项目</legend>
            <Form.Item
              label="招标项目"
              name="project"
              required
              rules={[rule('project')]}
            >
              <ProjectSelect />
            </Form.Item>
          </fieldset>
          <ComplainantFields />
          <RespondentFields />
          <ContentFields />
          <VerificationFields />
          <div id="seal-step">
            <SealAndSubmit
              formFile={formFile}
              isBusy={isBusy}
              onGenerate={generate}
              onSealed={(file) => {
                // The line about generating (「…请预览并加盖电子印章」) is done with: the seal's
                // tag and the note under 提交投诉 now say where the letter stands.
                progress.clear()
                setFormFile(file)
                setSealRefusal(null)
                draft.keepDraft()
              }}
              onSubmit={submit}
              holder={holderOf(complainant)}
              sameTab={{
                returnTo: `${location.pathname}${location.search}`,
                onLeave: leaveForSigning,
              }}
              sealRefusal={sealRefusal}
            />
            <FilingProgress store={progress} />
          </div>
        </Form>
      )}
    </div>
  )
}
