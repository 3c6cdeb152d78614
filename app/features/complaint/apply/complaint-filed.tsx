import { Alert, Button, Descriptions, Result, Typography } from 'antd'
import { href, useNavigate } from 'react-router'

import {
  groupQueryCode,
  QUERY_CODE_CHARACTERS,
} from '#common/schemas/complaint/complaint-fields.ts'
import type { ComplaintFiled } from '#common/schemas/complaint/complaint-filing.ts'

import styles from './apply.module.css'

// Three groups of four in a monospaced face, so the code is written down without slips.
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
        // Label above value: the code keeps one line, in its groups, on a phone too.
        layout="vertical"
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
              <Typography.Text
                copyable={{ text: filed.queryCode }}
                strong
                className={styles.queryCode}
                data-testid="query-code"
                data-query-code={filed.queryCode}
              >
                {groupQueryCode(filed.queryCode).map((group, index) => (
                  <span key={index} className={styles.codeGroup}>
                    {group}
                  </span>
                ))}
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
        description={`查询码只在此显示一次，并已通过短信发送到联系电话。查询码由${QUERY_CODE_CHARACTERS}组成，没有数字0和1；输入时不区分大小写，空格可带可不带。查询进度、签收文书、补充材料和申请撤回都需要投诉编号和查询码，请勿告知他人。`}
      />
    </Result>
  )
}
