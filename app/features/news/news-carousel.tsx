import { Carousel, Empty } from 'antd'
import { Link } from 'react-router'

import type { RotationItem } from '#common/schemas/article.ts'

import styles from './news.module.css'

/** The rotation of spec §7 (/Article/RotationData): cover pictures with their headlines. */
export function NewsCarousel({ items }: { items: RotationItem[] }) {
  if (items.length === 0) {
    return (
      <div className={styles.carouselEmpty}>
        <Empty description="暂无图片新闻" />
      </div>
    )
  }
  return (
    <section aria-label="图片新闻" className={styles.carousel}>
      <Carousel
        autoplay
        autoplaySpeed={5000}
        dots={{ className: styles.dots }}
        adaptiveHeight
      >
        {items.map((item) => (
          <div key={item.id}>
            <Link
              to={`/index/newDetail?id=${item.id}`}
              className={styles.slide}
            >
              <img
                src={item.cover}
                alt={item.title}
                className={styles.slideImage}
              />
              <span className={styles.slideCaption}>{item.title}</span>
            </Link>
          </div>
        ))}
      </Carousel>
    </section>
  )
}
