import { Typography } from 'antd'

import { maskIdNumber } from '#common/text.ts'

import type { SignHolder } from './sign-dialog-types.ts'

export function SignHolderNote({ holder }: { holder: SignHolder }) {
  return (
    <Typography.Paragraph>
      签章主体：<strong>{holder.name}</strong>
      {holder.idNumber
        ? `（${holder.kind === 'person' ? '居民身份证号码' : '统一社会信用代码'} ${maskIdNumber(holder.idNumber)}）`
        : null}
      <br />
      <Typography.Text type="secondary">
        由平台根据待签章文件确定，签章页面不再填写。
      </Typography.Text>
    </Typography.Paragraph>
  )
}
