import {
  CONTENT_KINDS,
  type ContentKind,
} from '#common/schemas/content/registry.ts'
import type {
  ContentItemDetail,
  ProjectChoice,
} from '#common/schemas/content/workflow.ts'

import { announcementForm } from './announcement-form.tsx'
import { articleForm, policyForm } from './article-forms.tsx'
import { creditForm } from './credit-form.tsx'
import type { KindForm, KindValues } from './kind-form.ts'
import type { ProjectCalls } from './project-choice.ts'
import { dictionaryForm } from './dictionary-form.tsx'
import { linkageForm } from './linkage-form.tsx'
import { projectForm } from './project-form.tsx'
import { siteSettingsForm } from './site-settings-form.tsx'
import { footerLinksForm, homeLinksForm } from './site-link-forms.tsx'

const KINDS: { [K in ContentKind]: KindForm<K, KindValues> } = {
  article: articleForm,
  policy: policyForm,
  project: projectForm,
  announcement: announcementForm,
  linkage: linkageForm,
  credit: creditForm,
  homeLinks: homeLinksForm,
  footerLinks: footerLinksForm,
  dictionary: dictionaryForm,
  siteSettings: siteSettingsForm,
}

export const kindFormOf = <K extends ContentKind>(kind: K) =>
  KINDS[kind] as KindForm<K, KindValues>

export function newMenuGroups(): { label: string; kinds: ContentKind[] }[] {
  const groups = new Map<string, ContentKind[]>()
  for (const kind of CONTENT_KINDS) {
    const label = KINDS[kind].newMenuGroup
    if (label) groups.set(label, [...(groups.get(label) ?? []), kind])
  }
  return [...groups].map(([label, kinds]) => ({ label, kinds }))
}

/** The project a saved item is or names; null for a kind that names none, or when not found. */
export async function savedProjectOf(
  calls: ProjectCalls,
  detail: ContentItemDetail,
): Promise<ProjectChoice | null> {
  try {
    return (
      (await kindFormOf(detail.working.kind).savedProject?.(calls, detail)) ??
      null
    )
  } catch {
    return null
  }
}
