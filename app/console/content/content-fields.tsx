import { Checkbox, Form, Input } from 'antd'

import { zodRule } from '#app/components/ui/zod-form-rule.ts'
import type { ContentKind } from '#common/schemas/content/registry.ts'

import { type ContentFormValues, fieldsInput } from './content-form-values.ts'
import type { KindFieldsProps } from './kinds/kind-form.ts'
import { kindFormOf } from './kinds/registry.ts'
import styles from './content.module.css'

type Props = Omit<KindFieldsProps, 'rule'> & {
  kind: ContentKind
  isPublished: boolean
}

export function ContentFields({ kind, isPublished, ...props }: Props) {
  const { Fields, schema, isNeverCorrected } = kindFormOf(kind)
  const rule = (field: string | (string | number)[]) =>
    zodRule(schema, Array.isArray(field) ? field : [field], (values) =>
      fieldsInput(kind, values as ContentFormValues),
    )
  const isCorrection = Form.useWatch<boolean>('isCorrection')
  return (
    <>
      <Fields rule={rule} {...props} />
      {isPublished && !isNeverCorrected ? (
        <fieldset className={styles.correction}>
          <legend>更正</legend>
          <Form.Item name="isCorrection" valuePropName="checked">
            <Checkbox>
              本次修改是对已发布内容的更正（公开页面将注明“更正”及日期）
            </Checkbox>
          </Form.Item>
          {isCorrection ? (
            <Form.Item
              label="更正说明"
              name="correctionNote"
              required
              rules={[
                { required: true, whitespace: true, message: '请填写更正说明' },
                { max: 200, message: '更正说明不能超过200个字符' },
              ]}
            >
              <Input.TextArea
                maxLength={200}
                showCount
                rows={2}
                placeholder="例如：更正了报名截止时间"
              />
            </Form.Item>
          ) : null}
        </fieldset>
      ) : null}
    </>
  )
}
