import type { SiteLink } from '#common/schemas/content/site-fields.ts'
import { SITE_LIMITS } from '#common/constants/site.ts'

import type { RuleOf } from './kind-form.ts'
import { OrderedListField } from './ordered-list-field.tsx'
import styles from '../content.module.css'

export type LinkRow = { title: string; url: string }

export const BLANK_LINK: LinkRow = { title: '', url: '' }

export const linkRowsOf = (links: unknown): LinkRow[] =>
  ((links as Partial<LinkRow>[] | undefined) ?? []).map((link) => ({
    title: link?.title ?? '',
    url: link?.url ?? '',
  }))

export function LinkListField({ rule, max }: { rule: RuleOf; max: number }) {
  return (
    <fieldset className={styles.linkList}>
      <legend>链接（按显示顺序）</legend>
      <p className={styles.listNote}>
        地址填写以 http:// 或 https:// 开头的网址，或以 /
        开头的本站地址；同一地址只能出现一次，最多
        {max}条。
      </p>
      <OrderedListField
        name="links"
        rowNoun="条链接"
        columns={[
          { key: 'title', label: '标题', maxLength: SITE_LIMITS.linkTitleMax },
          {
            key: 'url',
            label: '地址',
            maxLength: SITE_LIMITS.urlMax,
            placeholder: '地址，如 https://www.mwr.gov.cn/',
          },
        ]}
        rule={rule}
        max={max}
        blank={BLANK_LINK}
      />
    </fieldset>
  )
}

export function LinkNames({ links }: { links: SiteLink[] }) {
  return (
    <ol className={styles.readList}>
      {links.map((link) => (
        <li key={link.url}>
          {link.title}：
          <a href={link.url} target="_blank" rel="noreferrer">
            {link.url}
          </a>
        </li>
      ))}
    </ol>
  )
}
