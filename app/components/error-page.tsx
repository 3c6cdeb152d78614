import { Button, Result } from 'antd'
import { Link } from 'react-router'

const MESSAGES: Record<number, { title: string; text: string }> = {
  400: { title: '请求有误', text: '页面参数不正确，请返回后重试。' },
  404: { title: '页面不存在', text: '您访问的页面不存在或内容已被删除。' },
  500: { title: '服务暂时不可用', text: '系统出现异常，请稍后刷新页面重试。' },
}

/** The page a visitor sees for an error: a Chinese explanation and a way back, never a trace. */
export function ErrorPage({ status }: { status: number }) {
  const message = MESSAGES[status] ?? MESSAGES[500]!
  const resultStatus =
    status === 404 ? '404' : status >= 500 ? '500' : 'warning'
  return (
    <Result
      status={resultStatus}
      title={message.title}
      subTitle={message.text}
      extra={
        <Link to="/index/new">
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  )
}
