import { Link } from 'react-router'

import { POLICY_CATEGORIES } from '#common/constants/articles.ts'

import { type PolicyListQuery, policyListUrl } from './policy-list-query.ts'
import styles from './policies.module.css'

// Links: a category change works without scripts, keeping the keyword and time filter.
export function PolicyCategoryNav({ query }: { query: PolicyListQuery }) {
  return (
    <nav aria-label="政策法规分类" className={styles.categoryNav}>
      <ul>
        {POLICY_CATEGORIES.map((category) => {
          const isCurrent = category.key === query.category
          return (
            <li key={category.key}>
              <Link
                to={policyListUrl.href(query, { category: category.key })}
                aria-current={isCurrent ? 'page' : undefined}
                className={isCurrent ? styles.currentCategory : undefined}
              >
                {category.label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
