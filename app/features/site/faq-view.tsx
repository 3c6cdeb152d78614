import { href, Link } from 'react-router'

import { useSiteSettings } from '#app/components/layout/site-settings.ts'

import { faqGroups } from './faq-entries.ts'
import styles from './site-pages.module.css'

// Every answer is in the page as served, so it reads and prints without scripts and a question
// can be linked to.
export function FaqView() {
  const groups = faqGroups(useSiteSettings().serviceHotline)
  return (
    <div className={`portal-panel ${styles.page}`}>
      <h1 className={styles.title}>常见问题</h1>
      <p className={styles.lead}>
        投标人、投诉人办理业务时经常问到的问题。没有找到答案的，请查看
        <Link to={href('/contact')}>联系我们</Link>。
      </p>
      <nav aria-label="问题目录" className={styles.faqIndex}>
        {groups.map((group) => (
          <div key={group.title}>
            <p className={styles.faqIndexTitle}>{group.title}</p>
            <ol>
              {group.entries.map((entry) => (
                <li key={entry.id}>
                  <a href={`#faq-${entry.id}`}>{entry.question}</a>
                </li>
              ))}
            </ol>
          </div>
        ))}
      </nav>
      {groups.map((group, i) => (
        <section key={group.title} aria-labelledby={`faq-group-${i}`}>
          <h2 id={`faq-group-${i}`} className={styles.faqGroup}>
            {group.title}
          </h2>
          {group.entries.map((entry) => (
            <article
              key={entry.id}
              id={`faq-${entry.id}`}
              aria-labelledby={`faq-${entry.id}-q`}
              className={styles.faqEntry}
            >
              <h3 id={`faq-${entry.id}-q`}>问：{entry.question}</h3>
              {entry.answer.map((text, n) => (
                <p key={text}>{n === 0 ? `答：${text}` : text}</p>
              ))}
              {entry.steps ? (
                <ol>
                  {entry.steps.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
              ) : null}
              {entry.links ? (
                <p className={styles.faqLinks}>
                  相关：
                  {entry.links.map((link) => (
                    <Link key={link.label} to={link.to}>
                      {link.label}
                    </Link>
                  ))}
                </p>
              ) : null}
            </article>
          ))}
        </section>
      ))}
    </div>
  )
}
