import { Button, Result, Space } from 'antd'
import { href } from 'react-router'

const MESSAGES: Record<number, { title: string; text: string }> = {
  400: { title: '请求有误', text: '页面参数不正确，请返回后重试。' },
  404: { title: '页面不存在', text: '您访问的页面不存在或内容已被删除。' },
  500: { title: '服务暂时不可用', text: '系统出现异常，请稍后刷新页面重试。' },
}

/** The page a visitor sees for an error: a Chinese explanation and a way on, never a trace. */
export default function ErrorResult({ status }: { status: number }) {
  const message = MESSAGES[status] ?? MESSAGES[500]!
  const isServerError = !(status in MESSAGES) || status >= 500
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
