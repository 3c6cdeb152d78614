import { Button, Result, Space } from 'antd'
import { href } from 'react-router'

import { ERROR_MESSAGES, errorMessage } from './error-messages.ts'

// Never a trace.
export default function ErrorResult({ status }: { status: number }) {
  const message = errorMessage(status)
  const isServerError = !(status in ERROR_MESSAGES) || status >= 500
  return (
    <Result
      status={status === 404 ? '404' : isServerError ? '500' : 'warning'}
      // The message takes the page's place, so it is the page's heading.
      title={<h1 className="portal-result-heading">{message.title}</h1>}
      subTitle={message.text}
      extra={
        <Space wrap>
          {isServerError ? (
            <Button type="primary" onClick={() => window.location.reload()}>
              重新加载
            </Button>
          ) : null}
          {/* A full page load: after an error the visitor starts afresh. */}
          <Button
            type={isServerError ? 'default' : 'primary'}
            href={href('/index/new')}
          >
            返回首页
          </Button>
        </Space>
      }
    />
  )
}
