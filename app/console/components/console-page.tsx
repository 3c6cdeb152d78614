import { Button, Result, Spin } from 'antd'
import type { ReactNode } from 'react'
import { isRouteErrorResponse, Link, useRevalidator } from 'react-router'

import type { ConsoleRefusal } from '#app/console/api/console-refusal.ts'
import { CONSOLE_HOME } from '#app/console/api/console-paths.ts'
import styles from './console.module.css'

export function ConsolePage({
  title,
  actions,
  children,
}: {
  title: string
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <>
      <div className={styles.pageHead}>
        <h1 className={styles.pageTitle}>{title}</h1>
        {actions}
      </div>
      <div className={styles.stack}>{children}</div>
    </>
  )
}

/** A titled part of a console page; each job draws its own. */
export type ConsoleSectionProps = {
  id: string
  title: string
  children: ReactNode
}

export function ConsoleLoading() {
  return (
    <div className={styles.loading} role="status">
      <Spin />
      <span className="visually-hidden">加载中…</span>
    </div>
  )
}

const TITLES: Record<number, string> = {
  403: '无权访问',
  404: '页面不存在',
  503: '暂时无法连接服务器',
}

export function ConsoleError({ error }: { error: unknown }) {
  const revalidator = useRevalidator()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const data = isRouteErrorResponse(error)
    ? (error.data as Partial<ConsoleRefusal> | undefined)
    : undefined
  const message =
    typeof data?.message === 'string'
      ? data.message
      : status === 404
        ? '您访问的管理页面不存在'
        : '页面出现错误，请稍后重试'
  if (!isRouteErrorResponse(error)) console.error(error)
  return (
    <Result
      status={status === 403 || status === 404 ? status : 'warning'}
      title={
        <h1 className="portal-result-heading">
          {TITLES[status] ?? '页面加载失败'}
        </h1>
      }
      subTitle={message}
      extra={[
        status === 403 || status === 404 ? null : (
          <Button key="retry" onClick={() => void revalidator.revalidate()}>
            重试
          </Button>
        ),
        <Link key="home" to={CONSOLE_HOME}>
          返回管理后台首页
        </Link>,
      ]}
    />
  )
}
