import { Form, Input, Radio } from 'antd'

import { LINKAGE_STATUSES } from '#common/constants/trade.ts'
import { LinkageFieldsSchema } from '#common/schemas/content/project-fields.ts'
import type { FileRecord } from '#common/schemas/file-record.ts'

import {
  eraseValues,
  fileIdsOf,
  type KindFieldsProps,
  orNone,
  textOf,
} from './kind-form.ts'
import { choiceByCode } from './project-choice.ts'
import {
  ProjectField,
  projectFact,
  useChosenProject,
} from './project-field.tsx'
import {
  attachmentsFact,
  AttachmentsField,
  BodyField,
  DateField,
  TitleField,
} from './shared-fields.tsx'
import styles from '../content.module.css'

type LinkageValues = {
  projectId?: number
  title: string
  item: string
  finding: string
  requirement: string
  responsibleUnit: string
  status?: number
  foundDate: string | null
  deadline: string | null
  rectifiedDate: string | null
  content: string
  attachments: FileRecord[]
}

const IN_PROGRESS = 1

function LinkageFields({
  rule,
  uploads,
  findProjects,
  project,
}: KindFieldsProps) {
  const [choice, setChoice] = useChosenProject(project)
  const status = Form.useWatch<number | undefined>('status')
  const isRectified = status !== undefined && status !== IN_PROGRESS
  return (
    <>
      <ProjectField
        rule={rule}
        find={findProjects}
        chosen={choice}
        isLocked={false}
        onChoose={setChoice}
      />
      <TitleField rule={rule} />
      <div className={styles.fieldRow}>
        <Form.Item label="监管事项" name="item" required rules={[rule('item')]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          label="责任单位"
          name="responsibleUnit"
          required
          rules={[rule('responsibleUnit')]}
        >
          <Input maxLength={200} />
        </Form.Item>
      </div>
      <Form.Item
        label="发现问题"
        name="finding"
        required
        rules={[rule('finding')]}
      >
        <Input.TextArea maxLength={2000} rows={3} />
      </Form.Item>
      <Form.Item
        label="整改要求"
        name="requirement"
        required
        rules={[rule('requirement')]}
      >
        <Input.TextArea maxLength={2000} rows={3} />
      </Form.Item>
      <Form.Item
        label="整改状态"
        name="status"
        required
        rules={[rule('status')]}
      >
        <Radio.Group
          options={LINKAGE_STATUSES.map((item) => ({
            value: item.value,
            label: item.label,
          }))}
        />
      </Form.Item>
      <div className={styles.fieldRow}>
        <DateField label="发现日期" name="foundDate" rule={rule} isRequired />
        <DateField
          label="整改期限"
          name="deadline"
          rule={rule}
          isRequired
          dependencies={['foundDate']}
        />
        {isRectified ? (
          <DateField
            label="整改完成日期"
            name="rectifiedDate"
            rule={rule}
            isRequired
            dependencies={['status', 'foundDate']}
          />
        ) : null}
      </div>
      <BodyField
        rule={rule}
        uploadImage={uploads.image}
        label="整改情况"
        extra="整改措施及落实情况；图片可在编辑器中上传或粘贴"
      />
      <AttachmentsField rule={rule} upload={uploads.attachment} />
    </>
  )
}

export const linkageForm = eraseValues<'linkage', LinkageValues>({
  empty: {
    title: '',
    item: '',
    finding: '',
    requirement: '',
    responsibleUnit: '',
    status: IN_PROGRESS,
    foundDate: null,
    deadline: null,
    rectifiedDate: null,
    content: '',
    attachments: [],
  },
  valuesOf: (fields, recordOf) => ({
    ...fields,
    attachments: fields.attachments.map((id) => recordOf(id, 1)),
  }),
  inputOf: (values) => ({
    projectId: values.projectId,
    title: textOf(values.title),
    item: textOf(values.item),
    finding: textOf(values.finding),
    requirement: textOf(values.requirement),
    responsibleUnit: textOf(values.responsibleUnit),
    status: values.status,
    foundDate: values.foundDate ?? undefined,
    deadline: values.deadline ?? undefined,
    // A day typed before the record went back to 整改中 is not sent.
    rectifiedDate:
      values.status === IN_PROGRESS ? null : (values.rectifiedDate ?? null),
    content: textOf(values.content),
    attachments: fileIdsOf(values.attachments),
  }),
  schema: LinkageFieldsSchema,
  newMenuGroup: '项目交易',
  categoryOf: (fields) => fields.status,
  valuesForProject: (project) => ({ projectId: project.projectId }),
  // The project's number is read from the revision's preview.
  savedProject: async (calls, { id, working }) => {
    const view = await calls.publicView(id, working.revisionNo, 'linkage')
    return choiceByCode(
      calls,
      view.project.code,
      (choice) => choice.projectId === working.fields.projectId,
    )
  },
  preview: { portalPage: 'linkage' },
  titleOf: (fields) => fields.title,
  Fields: LinkageFields,
  read: (fields, context) => ({
    facts: [
      projectFact(fields.projectId, context.project),
      { key: 'title', label: '标题', children: fields.title },
      { key: 'item', label: '监管事项', children: fields.item },
      { key: 'finding', label: '发现问题', children: fields.finding },
      { key: 'requirement', label: '整改要求', children: fields.requirement },
      {
        key: 'responsibleUnit',
        label: '责任单位',
        children: fields.responsibleUnit,
      },
      {
        key: 'status',
        label: '整改状态',
        children:
          LINKAGE_STATUSES.find((item) => item.value === fields.status)
            ?.label ?? '',
      },
      { key: 'foundDate', label: '发现日期', children: fields.foundDate },
      { key: 'deadline', label: '整改期限', children: fields.deadline },
      {
        key: 'rectifiedDate',
        label: '整改完成日期',
        children: orNone(fields.rectifiedDate),
      },
      attachmentsFact(fields.attachments, context),
    ],
    body: { label: '整改情况', html: fields.content },
  }),
})
