import { Form, Steps } from 'antd'
import { startTransition, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'

import { getBrowserRegionalApi } from '#app/api/browser-regional-api.ts'
import { RegionalApiError } from '#app/api/regional-http-client.ts'
import type { SignHolder } from '#app/components/ui/sign-dialog.tsx'
import { zodIssuesToFields } from '#app/components/ui/zod-form-rule.ts'
import { SEAL_REFUSED_STATE } from '#common/constants/protocol.ts'
import {
  MSG_CLIENT_KEY_CONTENT_DIFFERS,
  MSG_SIGN_SUCCESS,
} from '#common/messages.ts'
import {
  ComplaintApplicationSchema,
  type ComplaintFiled,
} from '#common/schemas/complaint/complaint-filing.ts'
import type { FileRecord } from '#common/schemas/file-record.ts'

import {
  clearDraft,
  loadDraft,
  newClientKey,
  saveDraft,
  type SigningTrip,
} from './apply-draft.ts'
import {
  EMPTY_VALUES,
  PENDING_PARTS,
  toApplication,
  type ApplyValues,
} from './apply-values.ts'
import { ComplaintFiledResult } from './complaint-filed.tsx'
import {
  createProgressStore,
  FilingProgress,
  GENERATE_STEPS,
  SUBMIT_STEPS,
} from './filing-progress.tsx'
import { ContentFields } from './content-fields.tsx'
import { ComplainantFields, RespondentFields, rule } from './party-fields.tsx'
import { ProjectSelect } from './project-select.tsx'
import { SealAndSubmit } from './seal-and-submit.tsx'
import { VerificationFields } from './verification-fields.tsx'
import styles from './apply.module.css'
import { useAppFeedback } from '#app/components/ui/app-feedback.tsx'

/** The complainant on the form as the seal's holder, once named. */
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

/**
 * The complaint form of /complaint/apply and /complaint-entry: project, complainant,
 * respondents, content, captcha + SMS code; then the generated form (PDF) sealed in the
 * signature dialog; then the submission. Everything typed is kept in the tab's session, so
 * neither a failed step nor a reload loses it, with the draft's client key: submitting again
 * after a failure (a lost answer, a restarted server) gets the same number and query code.
 */
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
  // One generation or submission at a time: a second click before the form is disabled waits.
  const running = useRef(false)
  const oneAtATime = (run: () => Promise<unknown>) => async () => {
    if (running.current) return
    running.current = true
    try {
      await run()
    } finally {
      running.current = false
    }
  }
  const [filed, setFiled] = useState<ComplaintFiled | null>(null)
  // Why the server refused the letter's seal: the form then offers 重新签章 with the reason.
  const [sealRefusal, setSealRefusal] = useState<string | null>(null)
  const complainant: ApplyValues['complainant'] | undefined = Form.useWatch(
    'complainant',
    { form, preserve: true },
  )
  const location = useLocation()
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  // Drawn once per draft, in the browser (crypto), and kept with it.
  const clientKey = useRef<string | null>(null)
  const draftClientKey = () => (clientKey.current ??= newClientKey())

  // Browser-only work: the draft lives in sessionStorage.
  useEffect(() => {
    const draft = loadDraft()
    if (!draft) return
    clientKey.current = draft.clientKey
    form.setFieldsValue({ ...EMPTY_VALUES, ...draft.values })
    if (draft.signing) {
      // Back from the signing page in this tab: the trip is taken once.
      saveDraft({ values: draft.values, clientKey: draft.clientKey })
      void pickUpSeal(draft.signing)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page opens
  }, [form])

  /**
   * After the signing page in this tab: the SMS code typed before leaving comes back, and the
   * letter is marked sealed if the server holds the complainant's seal of it (told as the
   * signature dialog's 确认 tells it); the seal step is brought into view.
   */
  async function pickUpSeal(trip: SigningTrip) {
    if (trip.smsCode) form.setFieldValue('smsCode', trip.smsCode)
    document
      .getElementById('seal-step')
      ?.scrollIntoView({ block: 'start', behavior: 'instant' })
    const letter = form.getFieldValue('formFile') as FileRecord | undefined
    if (letter?.id !== trip.fileId) return
    try {
      const [sealed] = await getBrowserRegionalApi().signedFiles({
        fileId: trip.fileId,
      })
      if (!sealed || form.getFieldValue('formFile')?.id !== trip.fileId) return
      setSealRefusal(null)
      setFormFile({
        ...letter,
        isSign: true,
        signUrl: sealed.fullurl || sealed.url,
      })
      keepDraft()
      void message.success(MSG_SIGN_SUCCESS)
    } catch (error) {
      // The client told why (not sealed yet); a seal not the complainant's asks for another.
      if (
        error instanceof RegionalApiError &&
        error.state === SEAL_REFUSED_STATE
      )
        setSealRefusal(error.message)
    }
  }

  /** Before the tab leaves for the signing page: the draft, the letter and the SMS code. */
  function leaveForSigning() {
    clearTimeout(saveTimer.current)
    const letter = form.getFieldValue('formFile') as FileRecord | undefined
    if (!letter) return
    const smsCode = String(form.getFieldValue('smsCode') ?? '')
    saveDraft({
      ...draftNow(),
      signing: { fileId: letter.id, ...(smsCode ? { smsCode } : {}) },
    })
  }

  const draftNow = () => ({
    values: form.getFieldsValue(true) as ApplyValues,
    clientKey: draftClientKey(),
  })
  function keepDraft() {
    clearTimeout(saveTimer.current)
    saveTimer.current = setTimeout(() => saveDraft(draftNow()), 300)
  }

  /** Checks every field; on failure shows each message at its field and scrolls to the first. */
  async function validApplication(
    smsCode: string,
    formFileId: string,
    key: string,
  ) {
    try {
      // The image captcha guards sending an SMS code, and is checked there: a form back from
      // the signing page, with its code kept, is not asked for a new one.
      await form.validateFields(
        form
          .getFieldsError()
          .map((field) => field.name)
          .filter((name) => name.join('.') !== 'captcha'),
        { recursive: true },
      )
    } catch {
      form.scrollToField(
        form.getFieldsError().find((f) => f.errors.length)?.name ?? [],
      )
      return null
    }
    const values = form.getFieldsValue(true) as ApplyValues
    const parsed = ComplaintApplicationSchema.safeParse(
      toApplication(values, { smsCode, formFileId, clientKey: key }),
    )
    if (!parsed.success) {
      form.setFields(
        zodIssuesToFields(parsed.error.issues) as Parameters<
          typeof form.setFields
        >[0],
      )
      void message.error(parsed.error.issues[0]?.message ?? '请检查填写的内容')
      return null
    }
    return parsed.data
  }

  const generate = oneAtATime(async () => {
    progress.start(GENERATE_STEPS)
    const application = await validApplication(
      PENDING_PARTS.smsCode,
      PENDING_PARTS.formFileId,
      PENDING_PARTS.clientKey,
    )
    if (!application) return progress.fail('请按提示修改填写的内容后再生成')
    const {
      formFileId: _id,
      smsCode: _code,
      clientKey: _key,
      ...content
    } = application
    progress.step(1)
    setBusy(true)
    try {
      const file = await getBrowserRegionalApi().generateComplaintForm(content)
      setFormFile(file)
      setSealRefusal(null)
      keepDraft()
      progress.done('投诉书已生成，请预览并加盖电子印章')
    } catch {
      // The client showed why; the form keeps everything typed.
      progress.fail('投诉书未能生成，请按提示处理后重试')
    } finally {
      setBusy(false)
    }
  })

  const submit = oneAtATime(async () => {
    if (!formFile?.isSign) return
    progress.start(SUBMIT_STEPS)
    const smsCode = String(form.getFieldValue('smsCode') ?? '')
    const application = await validApplication(
      smsCode,
      formFile.id,
      draftClientKey(),
    )
    if (!application) return progress.fail('请按提示修改填写的内容后再提交')
    // The key is kept before the request leaves: after a reload it is sent again, not a new one.
    clearTimeout(saveTimer.current)
    saveDraft(draftNow())
    progress.step(1)
    setBusy(true)
    try {
      const result = await getBrowserRegionalApi().submitComplaint(application)
      clearTimeout(saveTimer.current)
      clearDraft()
      progress.clear()
      setFiled(result)
      window.scrollTo({ top: 0 })
    } catch (error) {
      progress.fail('投诉未能提交，请按提示处理后重试')
      // The client showed why (a wrong SMS code, say); nothing typed is lost. A letter without
      // the complainant's seal is marked unsealed, with the reason and 重新签章. A complaint
      // filed earlier from this draft with other content: the changed content, submitted
      // again, is a complaint of its own, with a key of its own.
      if (
        error instanceof RegionalApiError &&
        error.state === SEAL_REFUSED_STATE
      ) {
        setFormFile({ ...formFile, isSign: false, signUrl: undefined })
        setSealRefusal(error.message)
        keepDraft()
      }
      if (
        error instanceof RegionalApiError &&
        error.message === MSG_CLIENT_KEY_CONTENT_DIFFERS
      ) {
        clientKey.current = newClientKey()
        saveDraft(draftNow())
      }
    } finally {
      setBusy(false)
    }
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
            keepDraft()
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
                setFormFile(file)
                setSealRefusal(null)
                keepDraft()
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
