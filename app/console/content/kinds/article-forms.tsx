import { Checkbox, Form, Input, Select } from 'antd'

import { FileUpload } from '#app/components/ui/file-upload.tsx'
import type { UploadRequest } from '#app/api/upload-request.ts'
import { ARTICLE_CATEGORY_NAMES } from '#common/constants/articles.ts'
import { CONTENT_LIMITS } from '#common/constants/content.ts'
import { CONTENT_KIND_CATEGORIES } from '#common/schemas/content/registry.ts'
import {
  ArticleFieldsSchema,
  PolicyFieldsSchema,
} from '#common/schemas/content/article-fields.ts'
import type { FileRecord } from '#common/schemas/file-record.ts'

import {
  eraseValues,
  fileIdsOf,
  IMAGE_TYPES,
  type KindFieldsProps,
  orNone,
  type RecordOf,
  type RuleOf,
  textOf,
} from './kind-form.ts'
import {
  attachmentsFact,
  AttachmentsField,
  BodyField,
  DateField,
  TitleField,
} from './shared-fields.tsx'
import styles from '../content.module.css'

type ArticleValues = {
  categoryId?: number
  title: string
  summary: string
  content: string
  source: string
  author: string
  cover: FileRecord[]
  isRotation: boolean
  attachments: FileRecord[]
}

type PolicyValues = {
  categoryId?: number
  title: string
  summary: string
  content: string
  source: string
  issuingBody: string
  documentNumber: string
  issuedDate: string | null
  effectiveDate: string | null
  attachments: FileRecord[]
}

function CategoryField({
  kind,
  rule,
}: {
  kind: 'article' | 'policy'
  rule: RuleOf
}) {
  return (
    <Form.Item
      label="栏目"
      name="categoryId"
      required
      rules={[rule('categoryId')]}
    >
      <Select
        placeholder="请选择栏目"
        options={CONTENT_KIND_CATEGORIES[kind].map((id) => ({
          value: id,
          label: ARTICLE_CATEGORY_NAMES[id],
        }))}
      />
    </Form.Item>
  )
}

function SummaryField({ rule }: { rule: RuleOf }) {
  return (
    <Form.Item
      label="摘要"
      name="summary"
      rules={[rule('summary')]}
      extra="不填写时，公开页面取正文开头的文字作为摘要"
    >
      {/* No character count: drawn under the field, it would cover the hint. */}
      <Input.TextArea maxLength={CONTENT_LIMITS.summaryMax} rows={2} />
    </Form.Item>
  )
}

function ArticleFields({ rule, uploads }: KindFieldsProps) {
  return (
    <>
      <CategoryField kind="article" rule={rule} />
      <TitleField rule={rule} />
      <SummaryField rule={rule} />
      <BodyField rule={rule} uploadImage={uploads.image} />
      <div className={styles.fieldRow}>
        <Form.Item label="来源" name="source" rules={[rule('source')]}>
          <Input maxLength={CONTENT_LIMITS.sourceMax} />
        </Form.Item>
        <Form.Item label="作者" name="author" rules={[rule('author')]}>
          <Input maxLength={CONTENT_LIMITS.sourceMax} />
        </Form.Item>
      </div>
      <ArticleCover uploadFile={uploads.picture} rule={rule} />
      <AttachmentsField rule={rule} upload={uploads.attachment} />
    </>
  )
}

function ArticleCover({
  uploadFile,
  rule,
}: {
  uploadFile: UploadRequest
  rule: RuleOf
}) {
  const cover = Form.useWatch<FileRecord[] | undefined>('cover')
  const picture = cover?.[0]
  return (
    <div className={styles.cover}>
      <Form.Item
        label="封面图片"
        name="cover"
        rules={[rule('coverFileId')]}
        extra="用于首页轮播图和列表"
      >
        <FileUpload
          upload={uploadFile}
          accept={IMAGE_TYPES}
          maxCount={1}
          buttonText="上传封面图片"
        />
      </Form.Item>
      {picture?.url ? (
        <img
          className={styles.coverPreview}
          src={picture.url}
          alt={`封面图片：${picture.name}`}
        />
      ) : null}
      <Form.Item
        name="isRotation"
        valuePropName="checked"
        dependencies={['cover']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_, checked: boolean) => {
              const hasCover = (getFieldValue('cover') ?? []).length > 0
              if (checked && !hasCover)
                throw new Error('在首页轮播展示需要先上传封面图片')
            },
          }),
        ]}
      >
        <Checkbox>在首页轮播图中展示</Checkbox>
      </Form.Item>
    </div>
  )
}

function PolicyFields({ rule, uploads }: KindFieldsProps) {
  return (
    <>
      <CategoryField kind="policy" rule={rule} />
      <TitleField rule={rule} />
      <SummaryField rule={rule} />
      <BodyField rule={rule} uploadImage={uploads.image} />
      <Form.Item
        label="来源（转载时填写）"
        name="source"
        rules={[rule('source')]}
      >
        <Input maxLength={CONTENT_LIMITS.sourceMax} />
      </Form.Item>
      <div className={styles.fieldRow}>
        <Form.Item
          label="发布机关"
          name="issuingBody"
          rules={[rule('issuingBody')]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          label="文号"
          name="documentNumber"
          rules={[rule('documentNumber')]}
        >
          <Input maxLength={50} placeholder="例如：水建管〔2026〕1号" />
        </Form.Item>
        <DateField label="发布日期" name="issuedDate" rule={rule} />
        <DateField label="施行日期" name="effectiveDate" rule={rule} />
      </div>
      <AttachmentsField rule={rule} upload={uploads.attachment} />
    </>
  )
}

const sharedInput = (values: Partial<ArticleValues | PolicyValues>) => ({
  categoryId: values.categoryId,
  title: textOf(values.title),
  summary: textOf(values.summary),
  content: textOf(values.content),
  source: textOf(values.source),
  attachments: fileIdsOf(values.attachments),
})

const sharedValues = (
  fields: {
    categoryId: number
    title: string
    summary: string
    content: string
    source: string
    attachments: string[]
  },
  recordOf: RecordOf,
) => ({
  categoryId: fields.categoryId,
  title: fields.title,
  summary: fields.summary,
  content: fields.content,
  source: fields.source,
  attachments: fields.attachments.map((id) => recordOf(id, 1)),
})

const sharedFacts = (
  fields: { categoryId: number; title: string; summary: string },
  source: { label: string; text: string },
) => [
  {
    key: 'category',
    label: '栏目',
    children: ARTICLE_CATEGORY_NAMES[fields.categoryId] ?? '',
  },
  { key: 'title', label: '标题', children: fields.title },
  { key: 'summary', label: '摘要', children: orNone(fields.summary) },
  { key: 'source', label: source.label, children: orNone(source.text) },
]

export const articleForm = eraseValues<'article', ArticleValues>({
  empty: {
    title: '',
    summary: '',
    content: '',
    source: '',
    author: '',
    cover: [],
    isRotation: false,
    attachments: [],
  },
  valuesOf: (fields, recordOf) => ({
    ...sharedValues(fields, recordOf),
    author: fields.author,
    cover: fields.coverFileId ? [recordOf(fields.coverFileId, 0)] : [],
    isRotation: fields.isRotation,
  }),
  inputOf: (values) => ({
    ...sharedInput(values),
    author: textOf(values.author),
    coverFileId: values.cover?.[0]?.id ?? null,
    isRotation: values.isRotation ?? false,
  }),
  schema: ArticleFieldsSchema,
  newMenuGroup: '新闻与政策',
  categoryOf: (fields) => fields.categoryId,
  preview: { portalPage: 'article' },
  titleOf: (fields) => fields.title,
  Fields: ArticleFields,
  read: (fields, context) => {
    const cover = fields.coverFileId
      ? context.fileOf(fields.coverFileId)
      : undefined
    return {
      facts: [
        ...sharedFacts(fields, { label: '来源', text: fields.source }),
        { key: 'author', label: '作者', children: orNone(fields.author) },
        {
          key: 'cover',
          label: '封面图片',
          children: cover ? (
            <img
              className={styles.coverPreview}
              src={cover.url}
              alt={`封面图片：${cover.name}`}
            />
          ) : (
            '（无）'
          ),
        },
        {
          key: 'rotation',
          label: '首页轮播',
          children: fields.isRotation ? '展示' : '不展示',
        },
        attachmentsFact(fields.attachments, context),
      ],
      body: { label: '正文', html: fields.content },
    }
  },
})

export const policyForm = eraseValues<'policy', PolicyValues>({
  empty: {
    title: '',
    summary: '',
    content: '',
    source: '',
    issuingBody: '',
    documentNumber: '',
    issuedDate: null,
    effectiveDate: null,
    attachments: [],
  },
  valuesOf: (fields, recordOf) => ({
    ...sharedValues(fields, recordOf),
    issuingBody: fields.issuingBody,
    documentNumber: fields.documentNumber,
    issuedDate: fields.issuedDate,
    effectiveDate: fields.effectiveDate,
  }),
  inputOf: (values) => ({
    ...sharedInput(values),
    issuingBody: textOf(values.issuingBody),
    documentNumber: textOf(values.documentNumber),
    issuedDate: values.issuedDate || null,
    effectiveDate: values.effectiveDate || null,
  }),
  schema: PolicyFieldsSchema,
  newMenuGroup: '新闻与政策',
  categoryOf: (fields) => fields.categoryId,
  preview: { portalPage: 'article' },
  titleOf: (fields) => fields.title,
  Fields: PolicyFields,
  read: (fields, context) => ({
    facts: [
      ...sharedFacts(fields, { label: '来源', text: fields.source }),
      {
        key: 'issuingBody',
        label: '发布机关',
        children: orNone(fields.issuingBody),
      },
      {
        key: 'documentNumber',
        label: '文号',
        children: orNone(fields.documentNumber),
      },
      {
        key: 'issuedDate',
        label: '发布日期',
        children: orNone(fields.issuedDate),
      },
      {
        key: 'effectiveDate',
        label: '施行日期',
        children: orNone(fields.effectiveDate),
      },
      attachmentsFact(fields.attachments, context),
    ],
    body: { label: '正文', html: fields.content },
  }),
})
