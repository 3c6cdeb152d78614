import { CONTENT_LIMITS } from '#common/constants/content.ts'
import { TRADE_STAGES } from '#common/constants/trade.ts'
import type { StageWithFacts } from '#common/schemas/content/stage-facts.ts'
import { sanitizeArticleHtml } from '#server/articles/sanitize-article-html.ts'

import type { DocumentLink } from './release-mapping.ts'

// The title and text of a stage announcement made from pushed data. Its facts are shown on the
// public page beside the text (公告要素), so the text says where they come from and links the
// platform's own notice and files. It depends on nothing but the stage's data and the ocid, so
// that a later release repeating the same stage writes no new revision.

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')

export function announcementTitle(projectName: string, stage: StageWithFacts) {
  const stageName = TRADE_STAGES[stage]
  return `${projectName.slice(0, CONTENT_LIMITS.titleMax - stageName.length)}${stageName}`
}

export function announcementContent(
  ocid: string,
  stage: StageWithFacts,
  documents: DocumentLink[],
): string {
  const parts = [
    `<p>本${TRADE_STAGES[stage]}依据交易平台推送的开放合同数据（OCDS，OCID：${escapeHtml(ocid)}）生成，公告要素见本页。</p>`,
  ]
  if (documents.length > 0)
    parts.push(
      '<p>交易平台发布的原文及文件：</p>',
      `<ul>${documents
        .map(
          (document) =>
            `<li><a href="${escapeHtml(document.url)}">${escapeHtml(document.title)}</a></li>`,
        )
        .join('')}</ul>`,
    )
  // As stored: the workflow sanitizes it again, which leaves it as it is.
  return sanitizeArticleHtml(parts.join(''))
}
