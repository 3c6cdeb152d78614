import { Form, Input } from 'antd'

import { SITE_LIMITS } from '#common/constants/site.ts'
import {
  type SiteSettingsFields as SiteSettingsValues,
  SiteSettingsFieldsSchema,
} from '#common/schemas/content/site-fields.ts'

import { eraseValues, type KindFieldsProps, textOf } from './kind-form.ts'

type SettingKey = keyof SiteSettingsValues

const SETTINGS: {
  key: SettingKey
  label: string
  hint: string
  max: number
}[] = [
  {
    key: 'platformName',
    label: '平台名称',
    hint: '显示在每个页面的页头和浏览器标题中',
    max: 50,
  },
  {
    key: 'serviceHotline',
    label: '服务热线',
    hint: '显示在页脚和联系我们页面，如 400-9955-015 或 0991-4531870',
    max: 20,
  },
  {
    key: 'guidanceUnit',
    label: '指导单位',
    hint: '显示在页头和页脚',
    max: SITE_LIMITS.settingTextMax,
  },
  {
    key: 'technicalSupport',
    label: '技术支持单位',
    hint: '显示在页脚',
    max: SITE_LIMITS.settingTextMax,
  },
  {
    key: 'externalLoginUrl',
    label: '登录注册地址',
    hint: '页面顶部“登录”“注册”打开的统一身份认证网址，以 https:// 开头',
    max: SITE_LIMITS.urlMax,
  },
  {
    key: 'studySiteUrl',
    label: '在线学习地址',
    hint: '页面顶部“在线学习”打开的网址，以 https:// 开头',
    max: SITE_LIMITS.urlMax,
  },
]

function SiteSettingsFields({ rule }: KindFieldsProps) {
  return (
    <>
      {SETTINGS.map((setting) => (
        <Form.Item
          key={setting.key}
          label={setting.label}
          name={setting.key}
          required
          rules={[rule(setting.key)]}
          extra={setting.hint}
        >
          <Input maxLength={setting.max} />
        </Form.Item>
      ))}
    </>
  )
}

const EMPTY: SiteSettingsValues = {
  platformName: '',
  serviceHotline: '',
  guidanceUnit: '',
  technicalSupport: '',
  externalLoginUrl: '',
  studySiteUrl: '',
}

export const siteSettingsForm = eraseValues<'siteSettings', SiteSettingsValues>(
  {
    empty: EMPTY,
    valuesOf: (fields) => ({ ...fields }),
    inputOf: (values) =>
      Object.fromEntries(
        SETTINGS.map((setting) => [setting.key, textOf(values[setting.key])]),
      ),
    schema: SiteSettingsFieldsSchema,
    categoryOf: () => 0,
    isNeverCorrected: true,
    // The header, top bar and footer show the revision's settings too.
    preview: { portalPage: 'siteSettings' },
    previewFrame: (view) => ({ siteSettings: view.siteSettings }),
    titleOf: () => '站点设置',
    Fields: SiteSettingsFields,
    read: (fields) => ({
      facts: SETTINGS.map((setting) => ({
        key: setting.key,
        label: setting.label,
        children: fields[setting.key],
      })),
    }),
  },
)
