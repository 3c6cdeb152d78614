import { CheckCircleFilled } from '@ant-design/icons'
import { Alert, Button, Descriptions, Typography } from 'antd'
import { useEffect, useRef } from 'react'
import { href, Link, useNavigate } from 'react-router'

import {
  groupQueryCode,
  QUERY_CODE_CHARACTERS,
} from '#common/schemas/complaint/complaint-fields.ts'
import type { ComplaintFiled } from '#common/schemas/complaint/complaint-filing.ts'

import styles from './apply.module.css'

// The number and the code come first, and the page turns to them: the form it replaces was
// scrolled to its end, and on a phone they were below the fold.
// Three groups of four in a monospaced face, so the code is written down without slips.
export function ComplaintFiledResult({ filed }: { filed: ComplaintFiled }) {
  const navigate = useNavigate()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' })
    heading.current?.focus({ preventScroll: true })
  }, [])
  const search = `${href('/complaint/search')}?complaintNo=${encodeURIComponent(filed.complaintNo)}`
  return (
    <section className={styles.filed} aria-labelledby="complaint-filed-title">
      <h2
        id="complaint-filed-title"
        ref={heading}
        tabIndex={-1}
        className={styles.filedTitle}
      >
        <CheckCircleFilled aria-hidden className={styles.filedIcon} />
        投诉已提交
      </h2>
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
        type="warning"
        showIcon
        title="请妥善保管查询码"
        description={`查询码只在此显示一次，并已通过短信发送到联系电话。查询码由${QUERY_CODE_CHARACTERS}组成，没有数字0和1；输入时不区分大小写，空格可带可不带。签收文书、补充材料和申请撤回都需要投诉编号和查询码，请勿告知他人。`}
      />
      <p className={styles.filedNote}>
        {filed.receipt ? (
          <>
            本平台已出具加盖电子印章的
            <a href={filed.receipt.url} download={filed.receipt.fileName}>
              投诉回执（PDF）
            </a>
            ，载明投诉编号、收到时间和投诉书的SHA-256摘要，请下载保存；投诉查询页面的“文书”中也可随时下载。
          </>
        ) : (
          '投诉回执稍后在投诉查询页面的“文书”中提供下载。'
        )}
      </p>
      <p className={styles.filedNote}>
        行政监督部门将依法签收、审查并在规定期限内作出处理。办理进度可凭投诉编号和查询码查询。
      </p>
      <p className={styles.filedNote}>
        查询码遗失的，可
        <Link to={`${search}&by=phone`}>用手机号查询办理进度</Link>
        ：凭投诉编号、联系电话和短信验证码。
      </p>
      <Button type="primary" onClick={() => navigate(search)}>
        查询办理进度
      </Button>
    </section>
  )
}
