import { Button, Result } from 'antd'
import { Link } from 'react-router'

/**
 * An honest page for a section that is not open yet: it says so in plain words and offers the
 * sections that are, instead of an empty frame or an error.
 */
export function SectionPlaceholder({ title }: { title: string }) {
  return (
    <div className="portal-panel">
      <h1 style={{ fontSize: 20, margin: '4px 0 0' }}>{title}</h1>
      <Result
        status="info"
        title="本栏目正在建设中"
        subTitle="该栏目的内容正在整理上线，敬请关注。您可以先浏览新闻动态与通知公告。"
        extra={
          <Link to="/index/newList">
            <Button type="primary">查看通知公告</Button>
          </Link>
        }
      />
    </div>
  )
}
