import { Select, Spin } from 'antd'
import { useEffect, useEffectEvent, useRef, useState } from 'react'

import { useTypedSearch } from '#app/components/ui/use-typed-search.ts'
import type { ProjectChoice } from '#common/schemas/content/workflow.ts'

import type { FindProjects } from './kind-form.ts'

export const projectLabel = (choice: ProjectChoice) =>
  `${choice.name}（${choice.code}）· ${choice.categoryName}${choice.isWithdrawn ? '（已撤回）' : ''}`

type Props = {
  id?: string
  value?: number
  onChange?: (projectId: number | undefined) => void
  chosen: ProjectChoice | null
  onChoose: (choice: ProjectChoice | null) => void
  find: FindProjects
  disabled?: boolean
  'aria-describedby'?: string
}

// Withdrawn projects are offered, marked: a draft may name one, approved only once the
// project is published again.
export function ProjectPicker({
  id,
  value,
  onChange,
  chosen,
  onChoose,
  find,
  disabled,
  ...aria
}: Props) {
  const { keyword, isLoading, setIsLoading, showSearch } = useTypedSearch()
  const [found, setFound] = useState<ProjectChoice[]>([])
  const [failure, setFailure] = useState<string | null>(null)
  const latest = useRef(0)
  // The page's call, whichever render gave it: a new search only when the keyword changes.
  const search = useEffectEvent((text: string) => find(text))

  useEffect(() => {
    if (disabled) return
    const call = ++latest.current
    const timer = setTimeout(() => {
      search(keyword)
        .then((choices) => {
          if (call !== latest.current) return
          setFound(choices)
          setFailure(null)
        })
        .catch((error: unknown) => {
          if (call !== latest.current) return
          setFound([])
          setFailure(
            error instanceof Error && error.message
              ? error.message
              : '项目列表加载失败，请稍后重试',
          )
        })
        .finally(() => {
          if (call === latest.current) setIsLoading(false)
        })
    }, 300)
    return () => clearTimeout(timer)
  }, [keyword, disabled, setIsLoading])

  const options = found.map((choice) => ({
    value: choice.projectId,
    label: projectLabel(choice),
  }))
  if (value !== undefined && !found.some((c) => c.projectId === value))
    options.unshift({
      value,
      label:
        chosen?.projectId === value
          ? projectLabel(chosen)
          : `公开编号为 ${value} 的项目`,
    })

  return (
    <Select<number>
      id={id}
      {...aria}
      showSearch={showSearch}
      allowClear
      disabled={disabled}
      placeholder="输入项目编号或名称搜索已发布的项目"
      value={value}
      options={options}
      notFoundContent={
        isLoading ? (
          <Spin size="small" description="加载中…" />
        ) : (
          (failure ??
          (keyword.trim()
            ? '没有找到项目，请换个编号或名称'
            : '暂无已发布的项目，请先发布项目'))
        )
      }
      onChange={(projectId) => {
        const choice =
          found.find((item) => item.projectId === projectId) ??
          (chosen?.projectId === projectId ? chosen : null)
        onChoose(projectId === undefined ? null : choice)
        onChange?.(projectId)
      }}
    />
  )
}
