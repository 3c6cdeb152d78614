import { Alert, Button, Form, Input, Popconfirm, Select, Table } from 'antd'
import { useState } from 'react'
import { useRevalidator } from 'react-router'
import { z } from 'zod'

import { StatusTag } from '#app/components/ui/status-tag.tsx'
import { zodRule } from '#app/components/ui/zod-form-rule.ts'
import {
  STAFF_TOKEN_DEFAULT_DAYS,
  STAFF_TOKEN_LIFETIME_DAYS,
  type StaffRole,
} from '#common/constants/staff.ts'
import {
  CreateApiTokenSchema,
  CreatedApiTokenSchema,
  OkSchema,
} from '#common/schemas/staff.ts'

import { TableScroll } from '#app/console/components/table-scroll.tsx'
import styles from '#app/console/components/console.module.css'
import { RoleCheckboxes } from '#app/console/components/role-checkboxes.tsx'
import { ShownOnce } from '#app/console/components/shown-once.tsx'
import { staffApi } from '#app/console/api/staff-api-client.ts'
import type { ApiToken } from '#app/console/api/staff-types.ts'
import { useConsoleCall } from '#app/console/api/use-console-call.ts'
import { RefusalNote } from '#app/console/components/refusal-note.tsx'

type Values = { name: string; roles: StaffRole[]; lifetimeDays: number }
type Created = z.infer<typeof CreatedApiTokenSchema>

export function ApiTokens({
  tokens,
  roles,
}: {
  tokens: ApiToken[]
  roles: readonly StaffRole[]
}) {
  const [form] = Form.useForm<Values>()
  const revalidator = useRevalidator()
  const create = useConsoleCall()
  const revoke = useConsoleCall()
  const [created, setCreated] = useState<Created | null>(null)

  async function createToken(values: Values) {
    setCreated(null)
    const answer = await create.run(() =>
      staffApi.post('/me/tokens', CreatedApiTokenSchema, values),
    )
    if (!answer) return
    setCreated(answer)
    form.resetFields()
    await revalidator.revalidate()
  }

  async function revokeToken(id: number) {
    const answer = await revoke.run(() =>
      staffApi.post(`/tokens/${id}/revoke`, OkSchema),
    )
    if (answer) await revalidator.revalidate()
  }

  return (
    <>
      {created ? (
        <ShownOnce
          title={`已创建令牌“${created.name}”`}
          note={`令牌只显示这一次，关闭或离开本页后无法再查看，请立即复制并妥善保存。有效期至${created.expiresAt}。使用方式：请求头 Authorization: Bearer <令牌>`}
          value={created.token}
          copyLabel="复制令牌"
        />
      ) : null}
      {revoke.error ? (
        <Alert type="error" showIcon title={revoke.error.message} />
      ) : null}
      <TableScroll label="个人API令牌表格" minWidth={900}>
        <Table<ApiToken>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={tokens}
          locale={{ emptyText: '尚未创建个人API令牌' }}
          columns={[
            { title: '名称', dataIndex: 'name' },
            {
              title: '角色',
              dataIndex: 'roles',
              render: (list: StaffRole[]) => list.join('、'),
            },
            { title: '创建时间', dataIndex: 'createdAt' },
            { title: '到期时间', dataIndex: 'expiresAt' },
            {
              title: '最近使用',
              dataIndex: 'lastUsedAt',
              render: (at: string | null) => at ?? '从未使用',
            },
            {
              title: '状态',
              key: 'state',
              render: (_, token) =>
                token.revokedAt ? (
                  <StatusTag tone="neutral">
                    已撤销（{token.revokedAt}）
                  </StatusTag>
                ) : token.isExpired ? (
                  <StatusTag tone="warning">已过期</StatusTag>
                ) : (
                  <StatusTag tone="success">有效</StatusTag>
                ),
            },
            {
              title: '操作',
              key: 'actions',
              render: (_, token) =>
                token.revokedAt || token.isExpired ? null : (
                  <Popconfirm
                    title={`撤销令牌“${token.name}”？`}
                    description="撤销后，使用该令牌的系统将无法再访问。"
                    okText="撤销"
                    cancelText="取消"
                    onConfirm={() => revokeToken(token.id)}
                  >
                    <Button size="small" danger>
                      撤销
                    </Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      </TableScroll>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={create.isPending}
        initialValues={{ roles: [], lifetimeDays: STAFF_TOKEN_DEFAULT_DAYS }}
        onFinish={(values) => void createToken(values)}
        className={styles.narrowForm}
      >
        <h3 className={styles.subTitle}>新建令牌</h3>
        <Form.Item
          name="name"
          label="令牌名称"
          extra="写明使用它的系统，如：投诉数据对接"
          rules={[zodRule(CreateApiTokenSchema, ['name'])]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="roles"
          label="令牌的角色"
          extra="只能选择您本人拥有的角色；令牌只能做这些角色允许的事"
          rules={[zodRule(CreateApiTokenSchema, ['roles'])]}
        >
          <RoleCheckboxes roles={roles} groupLabel="令牌的角色" />
        </Form.Item>
        <Form.Item
          name="lifetimeDays"
          label="有效期"
          extra="到期后令牌自动失效，需重新创建"
          rules={[zodRule(CreateApiTokenSchema, ['lifetimeDays'])]}
        >
          <Select
            options={STAFF_TOKEN_LIFETIME_DAYS.map((days) => ({
              value: days,
              label: `${days}天`,
            }))}
          />
        </Form.Item>
        <RefusalNote message={create.error?.message} />
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          创建令牌
        </Button>
      </Form>
    </>
  )
}
