import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons'
import { Carousel, Empty } from 'antd'
import type { CarouselRef } from 'antd/es/carousel'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'

import { useDisplayMode } from '#app/components/layout/display-mode.tsx'
import type { RotationItem } from '#common/schemas/article.ts'

import { newsDetailHref } from './news-list-query.ts'
import styles from './news.module.css'

const SLIDE_MS = 5000

// No cloned slides: a clone is hidden from screen readers but its link would still take focus,
// so the loop back is done here. In the 适老化 mode nothing moves on its own. Otherwise it moves
// until the visitor stops it with 暂停 (WCAG 2.2.2), or while a pointer or the focus is on it.
export function NewsCarousel({ items }: { items: RotationItem[] }) {
  const carousel = useRef<CarouselRef>(null)
  const loopTimer = useRef<number | undefined>(undefined)
  const [current, setCurrent] = useState(0)
  const [isPaused, setIsPaused] = useState(false)
  // Pointer over it or focus in it: the slider pauses itself; the loop back waits too.
  const isHeld = useRef(false)
  const isStill = useDisplayMode() === 'elder'
  const isMoving = !isStill && !isPaused
  useEffect(() => () => window.clearTimeout(loopTimer.current), [])

  function loopBackFrom(index: number, isRunning = isMoving) {
    window.clearTimeout(loopTimer.current)
    if (index === items.length - 1 && isRunning && !isHeld.current)
      loopTimer.current = window.setTimeout(
        () => carousel.current?.goTo(0),
        SLIDE_MS,
      )
  }
  const hold = (isOn: boolean) => {
    isHeld.current = isOn
    loopBackFrom(current)
  }

  if (items.length === 0) {
    return (
      <div className={styles.carouselEmpty}>
        <Empty description="暂无图片新闻" />
      </div>
    )
  }
  return (
    <section
      aria-label="图片新闻"
      className={styles.carousel}
      onMouseEnter={() => hold(true)}
      onMouseLeave={() => hold(false)}
      onFocus={() => hold(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) hold(false)
      }}
    >
      {/* First in the tab order, before the slides it stops. */}
      {isStill || items.length < 2 ? null : (
        <button
          type="button"
          className={styles.carouselToggle}
          aria-label={isPaused ? '播放图片轮播' : '暂停图片轮播'}
          onClick={() => {
            setIsPaused(!isPaused)
            loopBackFrom(current, isPaused)
          }}
        >
          {isPaused ? (
            <CaretRightOutlined aria-hidden />
          ) : (
            <PauseOutlined aria-hidden />
          )}
          {isPaused ? '播放' : '暂停'}
        </button>
      )}
      <Carousel
        ref={carousel}
        autoplay={isMoving}
        autoplaySpeed={SLIDE_MS}
        speed={isStill ? 0 : undefined}
        infinite={false}
        pauseOnHover
        pauseOnFocus
        dots={{ className: styles.dots }}
        beforeChange={(_from, to) => setCurrent(to)}
        afterChange={(index) => loopBackFrom(index)}
      >
        {items.map((item, index) => (
          <div key={item.id}>
            <Link
              to={newsDetailHref(item.id)}
              className={styles.slide}
              tabIndex={index === current ? 0 : -1}
            >
              {/* The headline beside it names the link: the picture adds no words. The
                  first is the page's largest picture, fetched first; the others wait until
                  they are about to be shown. */}
              <img
                src={item.cover}
                alt=""
                className={styles.slideImage}
                fetchPriority={index === 0 ? 'high' : undefined}
                loading={index === 0 ? undefined : 'lazy'}
              />
              <span className={styles.slideCaption}>{item.title}</span>
            </Link>
          </div>
        ))}
      </Carousel>
    </section>
  )
}
