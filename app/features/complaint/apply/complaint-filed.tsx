import { Alert, Button, Descriptions, Result, Typography } from 'antd'
import { href, useNavigate } from 'react-router'

import type { ComplaintFiled } from '#common/schemas/complaint/complaint-filing.ts'

/** The filing's result: the complaint number and the query code, each copyable. */
export function ComplaintFiledResult({ filed }: { filed: ComplaintFiled }) {
  const navigate = useNavigate()
  return (
    <Result
      // The number and the code use the width, on a phone too.
      styles={{
        root: { paddingInline: 0 },
        body: { padding: '16px 12px', maxWidth: 560, marginInline: 'auto' },
      }}
      status="success"
      title="投诉已提交"
      subTitle="行政监督部门将依法签收、审查并在规定期限内作出处理。办理进度可凭投诉编号或查询码查询。"
      extra={
        <Button
          type="primary"
          onClick={() =>
            navigate(
              `${href('/complaint/search')}?complaintNo=${encodeURIComponent(filed.complaintNo)}`,
            )
          }
        >
          查询办理进度
        </Button>
      }
    >
      <Descriptions
        column={1}
        bordered
        size="middle"
        styles={{ label: { whiteSpace: 'nowrap' } }}
        items={[
          {
            key: 'no',
            label: '投诉编号',
            children: (
              <Typography.Text copyable strong data-testid="complaint-no">
                {filed.complaintNo}
              </Typography.Text>
            ),
          },
          {
            key: 'code',
            label: '查询码',
            children: (
              <Typography.Text copyable strong data-testid="query-code">
                {filed.queryCode}
              </Typography.Text>
            ),
          },
        ]}
      />
      <Alert
        style={{ marginTop: 16 }}
        type="warning"
        showIcon
        title="请妥善保管查询码"
        description="查询码只在此显示一次，并已通过短信发送到联系电话。查询进度、签收文书、补充材料和申请撤回都需要投诉编号和查询码，请勿告知他人。"
      />
    </Result>
  )
}
