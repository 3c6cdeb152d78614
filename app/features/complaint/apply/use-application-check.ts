import type { FormInstance } from 'antd'

import { useAppFeedback } from '#app/components/ui/app-feedback.tsx'
import { zodIssuesToFields } from '#app/components/ui/zod-form-rule.ts'
import { ComplaintApplicationSchema } from '#common/schemas/complaint/complaint-filing.ts'

import { toApplication, type ApplyValues } from './apply-values.ts'

export function useApplicationCheck(form: FormInstance<ApplyValues>) {
  const { message } = useAppFeedback()

  return async function validApplication(
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
}
