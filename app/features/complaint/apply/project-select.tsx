import { Select, Spin } from 'antd'
import { useEffect, useRef, useState } from 'react'

import { getBrowserRegionalApi } from '#app/api/browser-regional-api.ts'
import { useTypedSearch } from '#app/components/ui/use-typed-search.ts'
import type { TenderProject } from '#common/schemas/complaint/complaint-verification.ts'

type ChosenProject = Pick<TenderProject, 'id' | 'name' | 'code'>

type Props = {
  id?: string
  value?: ChosenProject
  onChange?: (project: ChosenProject | undefined) => void
  'aria-describedby'?: string
}

async function findProjects(keyword: string): Promise<ChosenProject[]> {
  const page = await getBrowserRegionalApi().tenderProjectPage({
    pageNo: 1,
    pageSize: 20,
    keyword: keyword.trim() || undefined,
  })
  return page.data.map(({ id, name, code }) => ({ id, name, code }))
}

export function ProjectSelect({ id, value, onChange, ...aria }: Props) {
  const { keyword, isLoading, setIsLoading, showSearch } = useTypedSearch()
  const [projects, setProjects] = useState<ChosenProject[]>([])
  const latest = useRef(0)

  // Loads after a pause in typing; only the latest search's answer is shown.
  useEffect(() => {
    const call = ++latest.current
    const timer = setTimeout(() => {
      findProjects(keyword)
        .then((found) => {
          if (call === latest.current) setProjects(found)
        })
        .catch(() => {
          if (call === latest.current) setProjects([])
        })
        .finally(() => {
          if (call === latest.current) setIsLoading(false)
        })
    }, 300)
    return () => clearTimeout(timer)
  }, [keyword, setIsLoading])

  const options = projects.map((project) => ({
    value: project.id,
    label: project.code ? `${project.name}（${project.code}）` : project.name,
  }))
  if (value && !projects.some((project) => project.id === value.id))
    options.unshift({
      value: value.id,
      label: value.code ? `${value.name}（${value.code}）` : value.name,
    })

  return (
    <Select
      id={id}
      {...aria}
      showSearch={showSearch}
      allowClear
      placeholder="输入项目名称或编号搜索"
      value={value?.id}
      options={options}
      notFoundContent={
        isLoading ? <Spin size="small" description="加载中…" /> : '没有找到项目'
      }
      onChange={(projectId) => {
        const project =
          projects.find((item) => item.id === projectId) ??
          (value?.id === projectId ? value : undefined)
        onChange?.(project)
      }}
    />
  )
}
