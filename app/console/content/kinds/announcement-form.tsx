import { Form, Select } from 'antd'
import { Link } from 'react-router'

import { TRADE_STAGES, type TradeStageKey } from '#common/constants/trade.ts'
import {
  AnnouncementFieldsSchema,
  stageNumber,
} from '#common/schemas/content/project-fields.ts'
import { hasFacts } from '#common/schemas/content/stage-facts.ts'
import type { ProjectChoice } from '#common/schemas/content/workflow.ts'
import type { FileRecord } from '#common/schemas/file-record.ts'

import { contentItemHref } from '../content-query.ts'
import {
  eraseValues,
  fileIdsOf,
  type KindFieldsProps,
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
  TitleField,
} from './shared-fields.tsx'
import {
  blankFacts,
  clearFactsUnless,
  type FactsValues,
  StageFactsSection,
} from './stage-facts-fields.tsx'
import { stageFactsSection } from './stage-facts-read.tsx'
import styles from '../content.module.css'

type AnnouncementValues = {
  projectId?: number
  stage?: TradeStageKey
  title: string
  content: string
  attachments: FileRecord[]
  facts: FactsValues | null
  hasFacts: boolean
}

const isTakenByOther = (
  stage: ProjectChoice['stages'][number],
  itemId: number | undefined,
) => stage.itemId !== null && stage.itemId !== itemId

function AnnouncementFields({
  rule,
  uploads,
  findProjects,
  detail,
  project,
}: KindFieldsProps) {
  const form = Form.useFormInstance()
  const [choice, setChoice] = useChosenProject(project)
  // Published once, it keeps its project and stage (the server refuses a change).
  const isLocked = detail?.publicPath != null
  const ownId = detail?.id
  const taken =
    choice?.stages.filter((stage) => isTakenByOther(stage, ownId)) ?? []

  const choose = (next: ProjectChoice | null) => {
    setChoice(next)
    // A stage the new project's category has not, or one already announced, is chosen again.
    const stage = form.getFieldValue('stage') as TradeStageKey | undefined
    const offered = next?.stages.find((item) => item.stage === stage)
    if (stage && (!offered || isTakenByOther(offered, ownId))) {
      form.setFieldValue('stage', undefined)
      clearFactsUnless(form, undefined)
    }
  }

  return (
    <>
      <ProjectField
        rule={rule}
        find={findProjects}
        chosen={choice}
        isLocked={isLocked}
        lockNote="已发布的阶段公告不能更改所属项目或交易环节；如需更改，请撤回后另行发布"
        onChoose={choose}
      />
      <Form.Item
        label="交易环节"
        name="stage"
        required
        rules={[rule('stage')]}
        dependencies={['projectId']}
        extra={
          choice
            ? `${choice.categoryName}项目的环节：${choice.stages.map((s) => s.stageName).join('、')}；每个环节只发布一条公告`
            : undefined
        }
      >
        <Select<TradeStageKey>
          placeholder={choice ? '请选择交易环节' : '请先选择所属项目'}
          disabled={!choice || isLocked}
          onChange={(next) => clearFactsUnless(form, next)}
          options={choice?.stages.map((stage) => ({
            value: stage.stage,
            label: isTakenByOther(stage, ownId)
              ? `${stage.stageName}（已有公告）`
              : stage.stageName,
            disabled: isTakenByOther(stage, ownId),
          }))}
        />
      </Form.Item>
      {taken.length > 0 ? (
        <div className={styles.takenStages} role="note">
          <p>以下环节已有公告，如需修改请打开该公告（在新标签页打开）：</p>
          <ul>
            {taken.map((stage) => (
              <li key={stage.stage}>
                <Link
                  to={contentItemHref(stage.itemId!)}
                  target="_blank"
                  rel="noopener"
                >
                  {stage.stageName}（内容编号 {stage.itemId}）
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <TitleField rule={rule} />
      <BodyField rule={rule} uploadImage={uploads.image} />
      <AttachmentsField rule={rule} upload={uploads.attachment} />
      <StageFactsSection rule={rule} />
    </>
  )
}

export const announcementForm = eraseValues<'announcement', AnnouncementValues>(
  {
    empty: {
      title: '',
      content: '',
      attachments: [],
      facts: null,
      hasFacts: false,
    },
    // Facts given elsewhere come into the form and go back as they were, unless changed here.
    valuesOf: (fields, recordOf) => ({
      projectId: fields.projectId,
      stage: fields.stage,
      title: fields.title,
      content: fields.content,
      attachments: fields.attachments.map((id) => recordOf(id, 1)),
      facts: fields.facts,
      hasFacts: fields.facts !== null,
    }),
    inputOf: ({ stage, facts, ...values }) => ({
      projectId: values.projectId,
      stage,
      title: textOf(values.title),
      content: textOf(values.content),
      attachments: fileIdsOf(values.attachments),
      facts:
        values.hasFacts && stage && hasFacts(stage)
          ? { ...(facts ?? blankFacts(stage)), stage }
          : null,
    }),
    schema: AnnouncementFieldsSchema,
    newMenuGroup: '项目交易',
    categoryOf: (fields) => stageNumber(fields.stage),
    // Its project's page, on its stage's tab.
    preview: { portalPage: 'project' },
    previewStage: (_view, fields) => fields.stage,
    // The project's number is read from the revision's preview.
    savedProject: async (calls, { id, working }) => {
      const view = await calls.publicView(
        id,
        working.revisionNo,
        'announcement',
      )
      return choiceByCode(
        calls,
        view.code,
        (choice) => choice.projectId === working.fields.projectId,
      )
    },
    valuesForProject: (project, stage) => ({
      projectId: project.projectId,
      stage: project.stages.find(
        (each) => each.stage === stage && each.itemId === null,
      )?.stage,
    }),
    titleOf: (fields) => fields.title,
    Fields: AnnouncementFields,
    read: (fields, context) => ({
      facts: [
        projectFact(fields.projectId, context.project),
        {
          key: 'stage',
          label: '交易环节',
          children: TRADE_STAGES[fields.stage],
        },
        { key: 'title', label: '标题', children: fields.title },
        attachmentsFact(fields.attachments, context),
      ],
      body: { label: '正文', html: fields.content },
      sections: stageFactsSection(fields.stage, fields.facts),
    }),
  },
)
