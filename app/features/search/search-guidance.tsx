import { Link } from 'react-router'

import { searchHref } from './search-url-query.ts'
import styles from './search.module.css'

const EXAMPLES = [
  '水库',
  '除险加固',
  '招标公告',
  '评标 专家',
  '投诉处理',
  '灌区',
]

export function SearchGuidance() {
  return (
    <section className="portal-panel" aria-labelledby="search-guidance-heading">
      <h2 id="search-guidance-heading" className={styles.summary}>
        请输入关键字开始搜索
      </h2>
      <p>
        可搜索新闻资讯、政策法规、项目信息和交易公告的标题与正文。一两个字也可以搜索；多个关键字之间用空格分开，结果需同时包含这些关键字。
      </p>
      <p id="search-examples-label">试试这些关键字：</p>
      <ul className={styles.examples} aria-labelledby="search-examples-label">
        {EXAMPLES.map((keyword) => (
          <li key={keyword}>
            <Link
              to={searchHref({ keyword, type: 'all', time: 'all', page: 1 })}
            >
              {keyword}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
