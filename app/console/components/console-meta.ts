import type { MetaDescriptor } from 'react-router'

import { PLATFORM_NAME } from '#common/constants/site.ts'

export const CONSOLE_NAME = '管理后台'

export function consoleMeta(title?: string): MetaDescriptor[] {
  return [
    {
      title: [title, CONSOLE_NAME, PLATFORM_NAME].filter(Boolean).join(' - '),
    },
    { name: 'robots', content: 'noindex' },
  ]
}
