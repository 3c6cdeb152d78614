import { Form, Select } from 'antd'

import {
  FOOTER_LINK_GROUPS,
  footerGroupLabel,
  SITE_LIMITS,
} from '#common/constants/site.ts'
import {
  FooterLinksFieldsSchema,
  HomeLinksFieldsSchema,
} from '#common/schemas/content/site-fields.ts'

import { eraseValues, type KindFieldsProps } from './kind-form.ts'
import {
  BLANK_LINK,
  LinkListField,
  LinkNames,
  type LinkRow,
  linkRowsOf,
} from './link-list.tsx'
import styles from '../content.module.css'

type HomeLinksValues = { links: LinkRow[] }
type FooterLinksValues = { type?: number; links: LinkRow[] }

function HomeLinksFields({ rule }: KindFieldsProps) {
  return <LinkListField rule={rule} max={SITE_LIMITS.homeLinksMax} />
}

function FooterLinksFields({ rule, detail }: KindFieldsProps) {
  // A published group keeps its type (the server refuses a change).
  const isLocked = detail?.publishedRevisionNo != null
  return (
    <>
      <Form.Item
        label="链接分组"
        name="type"
        required
        rules={[rule('type')]}
        extra={
          isLocked
            ? '已发布的分组不能更改'
            : '每个分组一条内容；分组已有内容时，请在列表中打开它修改'
        }
      >
        <Select<number>
          disabled={isLocked}
          placeholder="请选择链接分组"
          options={FOOTER_LINK_GROUPS.map((group) => ({
            value: group.type,
            label: group.label,
          }))}
        />
      </Form.Item>
      <LinkListField rule={rule} max={SITE_LIMITS.footerLinksMax} />
    </>
  )
}

function FooterLinksPreview() {
  return (
    <p className={styles.previewNote}>
      页脚链接显示在本页底部的“友情链接”中：本修订所属的分组为修订后的链接，其他分组为已发布的链接。
    </p>
  )
}

export const homeLinksForm = eraseValues<'homeLinks', HomeLinksValues>({
  empty: { links: [{ ...BLANK_LINK }] },
  valuesOf: (fields) => ({ links: fields.links.map((link) => ({ ...link })) }),
  inputOf: (values) => ({ links: linkRowsOf(values.links) }),
  schema: HomeLinksFieldsSchema,
  newMenuGroup: '站点内容',
  categoryOf: () => 0,
  isNeverCorrected: true,
  preview: { portalPage: 'homeLinks' },
  titleOf: () => '首页链接',
  Fields: HomeLinksFields,
  read: (fields) => ({
    facts: [
      {
        key: 'links',
        label: '链接',
        children: <LinkNames links={fields.links} />,
      },
    ],
  }),
})

export const footerLinksForm = eraseValues<'footerLinks', FooterLinksValues>({
  empty: { links: [{ ...BLANK_LINK }] },
  valuesOf: (fields) => ({
    type: fields.type,
    links: fields.links.map((link) => ({ ...link })),
  }),
  inputOf: (values) => ({
    type: values.type,
    links: linkRowsOf(values.links),
  }),
  schema: FooterLinksFieldsSchema,
  newMenuGroup: '站点内容',
  categoryOf: (fields) => fields.type,
  isNeverCorrected: true,
  // The page's own footer shows the revision's group, and the others as published.
  preview: { View: FooterLinksPreview },
  previewFrame: (view) => ({ footerGroups: view.footerGroups }),
  titleOf: (fields) => `页脚链接：${footerGroupLabel(fields.type)}`,
  Fields: FooterLinksFields,
  read: (fields) => ({
    facts: [
      {
        key: 'type',
        label: '链接分组',
        children: footerGroupLabel(fields.type),
      },
      {
        key: 'links',
        label: '链接',
        children: <LinkNames links={fields.links} />,
      },
    ],
  }),
})
