import { DatePicker, Form, Input } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import type { ReactNode } from 'react'

import type { UploadRequest } from '#app/api/upload-request.ts'
import { FileUpload } from '#app/components/ui/file-upload.tsx'
import { RichTextEditor } from '#app/components/ui/rich-text-editor.tsx'
import { CONTENT_LIMITS } from '#common/constants/content.ts'
import { UPLOAD_FILE_TYPES } from '#common/upload-file-types.ts'
import '#app/components/ui/dayjs-chinese.ts'

import type { NamedFile, ReadContext, RuleOf, Uploads } from './kind-form.ts'
import styles from '../content.module.css'

export function TitleField({
  rule,
  label = '标题',
}: {
  rule: RuleOf
  label?: string
}) {
  return (
    <Form.Item label={label} name="title" required rules={[rule('title')]}>
      <Input maxLength={CONTENT_LIMITS.titleMax} showCount />
    </Form.Item>
  )
}

export function BodyField({
  rule,
  uploadImage,
  label = '正文',
  extra = '图片可在编辑器中上传或粘贴',
}: {
  rule: RuleOf
  uploadImage: Uploads['image']
  label?: string
  extra?: ReactNode
}) {
  return (
    <Form.Item
      label={label}
      name="content"
      required
      rules={[rule('content')]}
      extra={extra}
    >
      <RichTextEditor ariaLabel={label} uploadImage={uploadImage} />
    </Form.Item>
  )
}

export function AttachmentsField({
  rule,
  upload,
}: {
  rule: RuleOf
  upload: UploadRequest
}) {
  return (
    <Form.Item label="附件" name="attachments" rules={[rule('attachments')]}>
      <FileUpload
        upload={upload}
        accept={UPLOAD_FILE_TYPES}
        maxCount={CONTENT_LIMITS.attachmentsMax}
        buttonText="上传附件"
      />
    </Form.Item>
  )
}

// Dates travel as 'YYYY-MM-DD' text (the schema's shape).
const dateProps = {
  getValueProps: (value?: string | null) => ({
    value: value ? dayjs(value) : undefined,
  }),
  normalize: (value?: Dayjs | null) => value?.format('YYYY-MM-DD') ?? null,
}

// A field's place in the form: a name, or the path to a value inside an object or list.
export type FieldPath = string | (string | number)[]

export function DateField({
  label,
  name,
  rule,
  isRequired = false,
  dependencies,
  extra,
}: {
  label: string
  name: FieldPath
  rule: RuleOf
  isRequired?: boolean
  dependencies?: FieldPath[]
  extra?: ReactNode
}) {
  return (
    <Form.Item
      label={label}
      name={name}
      required={isRequired}
      // A day not chosen yet is named here: the schema's own words would be about its type.
      rules={
        isRequired
          ? [{ required: true, message: `请选择${label}` }, rule(name)]
          : [rule(name)]
      }
      validateFirst
      dependencies={dependencies}
      extra={extra}
      {...dateProps}
    >
      <DatePicker style={{ width: '100%' }} />
    </Form.Item>
  )
}

// The browser's own field, which every keyboard reaches: antd's time columns are scroll boxes
// that none does. Times travel as 'YYYY-MM-DD HH:mm:ss' text, to the minute.
const dateTimeProps = {
  getValueProps: (value?: string | null) => ({
    value: value ? value.slice(0, 16).replace(' ', 'T') : '',
  }),
  getValueFromEvent: (event: { target: { value: string } }) =>
    event.target.value
      ? `${event.target.value.replace('T', ' ').slice(0, 16)}:00`
      : null,
}

export function DateTimeField({
  label,
  name,
  rule,
  isRequired = false,
  dependencies,
}: {
  label: string
  name: FieldPath
  rule: RuleOf
  isRequired?: boolean
  dependencies?: FieldPath[]
}) {
  return (
    <Form.Item
      label={label}
      name={name}
      required={isRequired}
      rules={[rule(name)]}
      dependencies={dependencies}
      extra="北京时间"
      {...dateTimeProps}
    >
      <Input type="datetime-local" step={60} />
    </Form.Item>
  )
}

function FileNames({
  ids,
  fileOf,
}: {
  ids: string[]
  fileOf: (id: string) => NamedFile | undefined
}) {
  if (ids.length === 0) return '（无）'
  return (
    <ul className={styles.fileList}>
      {ids.map((id) => {
        const file = fileOf(id)
        return (
          <li key={id}>
            {file ? (
              <a href={file.url} target="_blank" rel="noreferrer">
                {file.name}
              </a>
            ) : (
              id
            )}
          </li>
        )
      })}
    </ul>
  )
}

export const attachmentsFact = (ids: string[], context: ReadContext) => ({
  key: 'attachments',
  label: '附件',
  children: <FileNames ids={ids} fileOf={context.fileOf} />,
})
