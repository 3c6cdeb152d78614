import { Form } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router'

import type { ProjectChoice } from '#common/schemas/content/workflow.ts'

import { contentItemHref } from '../content-query.ts'
import type { FindProjects, RuleOf } from './kind-form.ts'
import { ProjectPicker, projectLabel } from './project-picker.tsx'

export function ProjectField({
  rule,
  find,
  chosen,
  isLocked,
  lockNote,
  onChoose,
}: {
  rule: RuleOf
  find: FindProjects
  chosen: ProjectChoice | null
  isLocked: boolean
  lockNote?: string
  onChoose: (choice: ProjectChoice | null) => void
}) {
  return (
    <Form.Item
      label="所属项目"
      name="projectId"
      required
      rules={[rule('projectId')]}
      extra={isLocked ? lockNote : '只能选择已发布的项目'}
    >
      <ProjectPicker
        chosen={chosen}
        onChoose={onChoose}
        find={find}
        disabled={isLocked}
      />
    </Form.Item>
  )
}

export function useChosenProject(saved: ProjectChoice | null) {
  // undefined until the person picks one (null: cleared the field).
  const [picked, setPicked] = useState<ProjectChoice | null>()
  // The saved project as the page read it last (after a save, its stages as they stand now).
  const choice =
    picked === undefined || (picked && picked.projectId === saved?.projectId)
      ? saved
      : picked
  return [choice, setPicked] as const
}

export function projectFact(projectId: number, project: ProjectChoice | null) {
  return {
    key: 'project',
    label: '所属项目',
    children:
      project?.projectId === projectId ? (
        project.itemId ? (
          <Link to={contentItemHref(project.itemId)}>
            {projectLabel(project)}
          </Link>
        ) : (
          projectLabel(project)
        )
      ) : (
        `公开编号为 ${projectId} 的项目`
      ),
  }
}
