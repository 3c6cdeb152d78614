import { FileTextOutlined } from '@ant-design/icons'
import { Empty } from 'antd'
import { href, Link } from 'react-router'

import { ListPager } from '#app/components/ui/list-page.tsx'
import type { DownloadItem } from '#common/schemas/article.ts'

import { fileKind, fileSize } from './file-facts.ts'
import styles from './site-pages.module.css'

type Props = { page: number; items: DownloadItem[]; total: number }

const pageHref = (page: number) =>
  page > 1 ? `${href('/download')}?page=${page}` : href('/download')

export function DownloadList({ page, items, total }: Props) {
  return (
    <div className={`portal-panel ${styles.page}`}>
      <h1 className={styles.title}>下载中心</h1>
      <p className={styles.lead}>
        投诉书、异议书和授权委托书范本，网上投诉操作指南，以及交易平台对接所需的规范和申请表。共{' '}
        {total} 项。
      </p>
      {items.length === 0 ? (
        <Empty description="暂无可下载的文件" />
      ) : (
        <ul className={styles.downloads}>
          {items.map((item) => (
            <li
              key={item.id}
              id={`download-${item.id}`}
              className={styles.download}
            >
              <h2>
                <Link to={`${href('/download/detail')}?id=${item.id}`}>
                  {item.title}
                </Link>
              </h2>
              <p>{item.summary}</p>
              <p className={styles.facts}>
                <span>发布单位：{item.source}</span>
                <span>发布日期：{item.publishTime.slice(0, 10)}</span>
              </p>
              <ul className={styles.files} aria-label={`${item.title}的文件`}>
                {item.files.map((file) => (
                  <li key={file.id}>
                    <a href={file.url} download={file.name}>
                      <FileTextOutlined
                        aria-hidden
                        className={styles.fileIcon}
                      />
                      {file.name}
                    </a>
                    <span className={styles.fileFacts}>
                      {fileKind(file.mime, file.name)} · {fileSize(file.size)}
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <ListPager total={total} page={page} pageHref={pageHref} />
    </div>
  )
}
