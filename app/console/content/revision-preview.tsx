import type { ComponentType } from 'react'

import type { ContentKind } from '#common/schemas/content/registry.ts'
import type {
  ContentPublicView,
  ContentPublicViewOf,
  RevisionView,
} from '#common/schemas/content/workflow.ts'

import { contentApi } from './content-api.ts'
import type {
  FieldsOf,
  PortalPageKind,
  PreviewFrameOverride,
} from './kinds/kind-form.ts'
import { kindFormOf } from './kinds/registry.ts'

export type RevisionPreviewPage = {
  [K in ContentKind]: { kind: K; view: ContentPublicViewOf[K]; stage: string }
}[ContentKind]

/** The portal's views of the pages the preview shows them on, given by its route. */
export type PortalPages = {
  [P in PortalPageKind]: ComponentType<{
    view: ContentPublicViewOf[P]
    stage: string
  }>
}

// Where the pages and views meet, K's view is the one of K's own kind: the union of every
// kind's cannot say so.
type AnyPage = ComponentType<{ view: ContentPublicView; stage: string }>

/** The revision's public page, as the staff API shows it, and the stage it opens on. */
export async function revisionPreviewOf<K extends ContentKind>(
  id: number,
  revision: RevisionView & { kind: K },
): Promise<RevisionPreviewPage> {
  const kind = kindFormOf(revision.kind)
  const fields = revision.fields as FieldsOf<K>
  const view = await contentApi.publicView(
    id,
    revision.revisionNo,
    revision.kind,
  )
  const stage = kind.previewStage?.(view, fields) ?? ''
  return { kind: revision.kind, view, stage } as RevisionPreviewPage
}

export function previewFrameOf(
  page: RevisionPreviewPage,
): PreviewFrameOverride {
  const frameOf = kindFormOf(page.kind).previewFrame as
    ((view: ContentPublicView) => PreviewFrameOverride) | undefined
  return frameOf?.(page.view) ?? {}
}

export function RevisionPreview({
  page,
  portalPages,
}: {
  page: RevisionPreviewPage
  portalPages: PortalPages
}) {
  const preview = kindFormOf(page.kind).preview
  const Page = (
    'View' in preview ? preview.View : portalPages[preview.portalPage]
  ) as AnyPage
  return <Page view={page.view} stage={page.stage} />
}
