import { href, useNavigate } from 'react-router'

import {
  CategoryCascader,
  type TreeOption,
} from '#app/components/ui/category-cascader.tsx'
import { ExpandableRadioGroup } from '#app/components/ui/expandable-radio-group.tsx'
import { KeywordInput } from '#app/components/ui/keyword-input.tsx'
import { SearchArea, SearchField } from '#app/components/ui/search-area.tsx'
import { SelectWithAll } from '#app/components/ui/select-with-all.tsx'
import { TimeRangeFilter } from '#app/components/ui/time-range-filter.tsx'
import { REGIONS, TRADE_MODES, TRADE_STAGES } from '#common/constants/trade.ts'
import { SCHEDULE_PRESETS } from '#common/constants/ui.ts'

import {
  currentStagesFor,
  type ProjectListQuery,
  projectListHref,
  stagesFor,
  timeFilterOf,
} from './project-list-query.ts'

const ALL = { label: '全部', value: '' }
const REGION_OPTIONS = [ALL, ...REGIONS]
const TRADE_MODE_OPTIONS = TRADE_MODES.map((mode) => ({
  label: mode,
  value: mode,
}))
const SCHEDULE_OPTIONS = [
  ALL,
  ...SCHEDULE_PRESETS.map((preset) => ({
    label: preset.label,
    value: preset.key,
  })),
]

type Props = { query: ProjectListQuery; typeTree: TreeOption[] }

export function ProjectFilters({ query, typeTree }: Props) {
  const navigate = useNavigate()
  const go = (change: Parameters<typeof projectListHref>[1]) =>
    navigate(projectListHref(query, change))
  const stages = stagesFor(query)
  return (
    <SearchArea
      action={href('/business/list')}
      label="项目检索"
      onSearch={(fields) =>
        go({ keyword: String(fields.get('keyword') ?? '').trim() })
      }
    >
      <SearchField label="关键字" htmlFor="project-keyword">
        <KeywordInput
          id="project-keyword"
          name="keyword"
          key={query.keyword}
          defaultValue={query.keyword}
          placeholder="请输入项目名称、编号或招标人"
          maxLength={100}
          onEnter={(keyword) => go({ keyword })}
        />
      </SearchField>
      <SearchField label="交易类别" htmlFor="project-category">
        <CategoryCascader
          id="project-category"
          name="category"
          tree={typeTree}
          value={query.category}
          onChange={(category) => go({ category })}
        />
      </SearchField>
      {stages.length > 0 ? (
        <ExpandableRadioGroup
          label="交易环节"
          name="stage"
          value={query.stage}
          options={[
            ALL,
            ...stages.map((stage) => ({
              label: TRADE_STAGES[stage],
              value: stage,
            })),
          ]}
          onChange={(stage) =>
            go({ stage: stage as ProjectListQuery['stage'] })
          }
        />
      ) : null}
      <SearchField label="当前环节" htmlFor="project-current-stage">
        <SelectWithAll
          id="project-current-stage"
          name="currentStage"
          value={query.currentStage}
          options={currentStagesFor(query).map((stage) => ({
            label: TRADE_STAGES[stage],
            value: stage,
          }))}
          onChange={(currentStage) =>
            go({
              currentStage: currentStage as ProjectListQuery['currentStage'],
            })
          }
        />
      </SearchField>
      <ExpandableRadioGroup
        label="开标时间"
        name="opening"
        value={query.opening}
        options={SCHEDULE_OPTIONS}
        onChange={(opening) =>
          go({ opening: opening as ProjectListQuery['opening'] })
        }
      />
      <ExpandableRadioGroup
        label="报名截止"
        name="deadline"
        value={query.deadline}
        options={SCHEDULE_OPTIONS}
        onChange={(deadline) =>
          go({ deadline: deadline as ProjectListQuery['deadline'] })
        }
      />
      <ExpandableRadioGroup
        label="所属地区"
        name="region"
        value={query.region}
        options={REGION_OPTIONS}
        onChange={(region) =>
          go({ region: region as ProjectListQuery['region'] })
        }
      />
      <SearchField label="交易方式" htmlFor="project-trade-mode">
        <SelectWithAll
          id="project-trade-mode"
          name="tradeMode"
          value={query.tradeMode}
          options={TRADE_MODE_OPTIONS}
          onChange={(tradeMode) =>
            go({ tradeMode: tradeMode as ProjectListQuery['tradeMode'] })
          }
        />
      </SearchField>
      <TimeRangeFilter
        label="发布时间"
        value={timeFilterOf(query)}
        names={{ preset: 'time', start: 'start', end: 'end' }}
        onChange={(timeFilter) => go({ timeFilter })}
      />
      {/* The order of the list goes with the form when it is sent without scripts. */}
      <input type="hidden" name="sort" value={query.sort} />
      <input type="hidden" name="order" value={query.order} />
    </SearchArea>
  )
}
