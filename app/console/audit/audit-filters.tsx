import { Button, Form, Input, Select } from 'antd'
import { useNavigate } from 'react-router'

import {
  DateRangePicker,
  type DayRange,
} from '#app/components/ui/date-range-picker.tsx'

import { AUDIT_ACTION_OPTIONS } from '#common/audit-actions.ts'
import styles from './audit.module.css'
import { type AuditQuery, auditQueryHref } from './audit-query.ts'

type Values = {
  accountName?: string
  action?: string
  target?: string
  range?: DayRange
}

function RangeField(props: {
  id?: string
  value?: DayRange
  onChange?: (range: DayRange | undefined) => void
}) {
  return (
    <DateRangePicker
      id={props.id}
      label="时间范围"
      value={props.value}
      onChange={(range) => props.onChange?.(range)}
    />
  )
}

// The filters live in the address, so that a search can be bookmarked.
export function AuditFilters({ query }: { query: AuditQuery }) {
  const navigate = useNavigate()
  const initial: Values = {
    accountName: query.accountName,
    action: query.action,
    target: query.target,
    range:
      query.from && query.to
        ? { start: query.from.slice(0, 10), end: query.to.slice(0, 10) }
        : undefined,
  }

  function search(values: Values) {
    void navigate(
      auditQueryHref({
        accountName: values.accountName?.trim() || undefined,
        action: values.action || undefined,
        target: values.target?.trim() || undefined,
        from: values.range?.start,
        to: values.range?.end,
        pageNo: 1,
      }),
    )
  }

  return (
    <Form
      // A new address (back, forward, a bookmark) shows its own filters.
      key={auditQueryHref(query)}
      layout="vertical"
      initialValues={initial}
      onFinish={search}
      className={styles.filters}
      role="search"
      aria-label="查询审计日志"
    >
      <Form.Item name="accountName" label="人员（账号名）">
        <Input allowClear placeholder="如 li.handler" autoCapitalize="none" />
      </Form.Item>
      <Form.Item name="action" label="操作">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="全部操作"
          options={AUDIT_ACTION_OPTIONS}
          popupMatchSelectWidth={false}
        />
      </Form.Item>
      <Form.Item name="target" label="对象">
        <Input
          allowClear
          maxLength={100}
          placeholder="投诉编号、内容编号或文件名"
        />
      </Form.Item>
      <Form.Item name="range" label="时间范围">
        <RangeField />
      </Form.Item>
      <div className={styles.filterButtons}>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
        <Button onClick={() => void navigate(auditQueryHref({ pageNo: 1 }))}>
          重置
        </Button>
      </div>
    </Form>
  )
}
