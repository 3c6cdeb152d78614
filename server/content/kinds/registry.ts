import type { ContentKind } from '#common/schemas/content/registry.ts'
import type { ContentFields } from '#common/schemas/content/workflow.ts'

import { articleKind, policyKind } from './article-kinds.ts'
import type { ContentKindDefinition } from './kind-definition.ts'
import { creditKind } from './credit-kinds.ts'
import { announcementKind } from './announcement-kind.ts'
import { linkageKind } from './linkage-kind.ts'
import { projectKind } from './project-kinds.ts'
import {
  dictionaryKind,
  footerLinksKind,
  homeLinksKind,
  siteSettingsKind,
} from './site-kinds.ts'

export type AnyContentFields = ContentFields['fields']

const KINDS: { [K in ContentKind]: ContentKindDefinition<never> } = {
  article: articleKind as ContentKindDefinition<never>,
  policy: policyKind as ContentKindDefinition<never>,
  project: projectKind as ContentKindDefinition<never>,
  announcement: announcementKind as ContentKindDefinition<never>,
  linkage: linkageKind as ContentKindDefinition<never>,
  credit: creditKind as ContentKindDefinition<never>,
  homeLinks: homeLinksKind as ContentKindDefinition<never>,
  footerLinks: footerLinksKind as ContentKindDefinition<never>,
  dictionary: dictionaryKind as ContentKindDefinition<never>,
  siteSettings: siteSettingsKind as ContentKindDefinition<never>,
}

// The one place the kinds meet the generic workflow: fields go back only to the definition that
// parsed them.
export function kindDefinition(
  kind: ContentKind,
): ContentKindDefinition<AnyContentFields> {
  return KINDS[kind] as unknown as ContentKindDefinition<AnyContentFields>
}
