import { data, Link, useNavigate } from 'react-router'

import { consoleMeta } from '#app/console/components/console-meta.ts'
import {
  ConsoleError,
  ConsolePage,
} from '#app/console/components/console-page.tsx'
import { consoleAccountContext } from '#app/console/api/console-session.ts'
import { contentApi } from '#app/console/content/content-api.ts'
import { ContentEditor } from '#app/console/content/content-editor.tsx'
import {
  ADMIN_CONTENT_PATH,
  contentItemHref,
  positiveIdOf,
} from '#app/console/content/content-query.ts'
import { kindFormOf } from '#app/console/content/kinds/registry.ts'
import { projectOfItem } from '#app/console/content/kinds/project-choice.ts'
import { useContentCalls } from '#app/console/content/use-content-calls.ts'
import { ROLE_EDITOR } from '#common/constants/content.ts'
import { CONTENT_KIND_LABELS } from '#common/schemas/content/registry.ts'
import { ContentKindSchema } from '#common/schemas/content/workflow.ts'

import type { Route } from './+types/content-new'

// The kind comes from the address, and only an editor writes (the server checks the role again
// when the draft is saved). An announcement or record may be written for a project item
// (`project`, from the project's page), an announcement for one of its stages (`stage`).
export async function clientLoader({
  request,
  context,
}: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams
  const kind = ContentKindSchema.safeParse(params.get('kind'))
  if (!kind.success)
    throw data({ message: '请从内容列表选择要新建的内容类型' }, { status: 404 })
  if (!context.get(consoleAccountContext).roles.includes(ROLE_EDITOR))
    throw data({ message: `新建内容需要“${ROLE_EDITOR}”角色` }, { status: 403 })
  const projectItem = positiveIdOf(params.get('project') ?? undefined)
  const { valuesForProject } = kindFormOf(kind.data)
  // A project that cannot be read (gone, not published) is simply not filled in.
  const project =
    valuesForProject && projectItem
      ? await projectOfItem(contentApi, projectItem)
      : null
  return {
    kind: kind.data,
    project,
    initialValues: project
      ? valuesForProject?.(project, params.get('stage'))
      : undefined,
  }
}

export default function ContentNewRoute({ loaderData }: Route.ComponentProps) {
  const { kind, project, initialValues } = loaderData
  const navigate = useNavigate()
  const calls = useContentCalls()
  return (
    <ConsolePage title={`新建${CONTENT_KIND_LABELS[kind]}`}>
      <p>
        <Link to={ADMIN_CONTENT_PATH}>返回内容列表</Link>
      </p>
      <ContentEditor
        key={`${kind}-${project?.projectId ?? ''}-${String(initialValues?.stage ?? '')}`}
        kind={kind}
        detail={null}
        calls={calls}
        project={project}
        initialValues={initialValues}
        onCreated={(id) =>
          void navigate(contentItemHref(id), { replace: true })
        }
      />
    </ConsolePage>
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  return consoleMeta(
    loaderData ? `新建${CONTENT_KIND_LABELS[loaderData.kind]}` : '新建内容',
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />
}
