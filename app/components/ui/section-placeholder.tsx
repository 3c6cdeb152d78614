import { Button, Result } from 'antd'

type Props = {
  title: string
  heading?: string
  text?: string
  action?: { label: string; href: string }
}

/**
 * An honest page for a section that is not open yet: it says so in plain words and offers the
 * sections that are, instead of an empty frame or an error.
 */
export function SectionPlaceholder({
  title,
  heading = '本栏目正在建设中',
  text = '该栏目的内容正在整理上线，敬请关注。您可以先浏览新闻动态与通知公告。',
  action = { label: '查看通知公告', href: '/index/newList' },
}: Props) {
  return (
    <div className="portal-panel">
      <h1 style={{ fontSize: 20, margin: '4px 0 0' }}>{title}</h1>
      <Result
        status="info"
        title={heading}
        subTitle={text}
        extra={
          <Button type="primary" href={action.href}>
            {action.label}
          </Button>
        }
      />
    </div>
  )
}
