import { Table, Tag } from 'antd'

import type { StaffAccount } from '#app/console/api/staff-types.ts'
import { AccountState } from './account-state.tsx'
import {
  AccountRowActions,
  type AccountRowCalls,
} from './account-row-actions.tsx'
import styles from './accounts.module.css'

export function AccountsTable({
  accounts,
  selfId,
  ...calls
}: {
  accounts: StaffAccount[]
  selfId: number | undefined
} & AccountRowCalls) {
  return (
    <Table<StaffAccount>
      rowKey="id"
      size="middle"
      pagination={false}
      dataSource={accounts}
      locale={{ emptyText: '还没有账号' }}
      columns={[
        { title: '账号名', dataIndex: 'accountName' },
        { title: '姓名', dataIndex: 'displayName' },
        {
          title: '角色',
          dataIndex: 'roles',
          render: (roles: string[]) => (
            <span className={styles.roles}>
              {roles.length > 0
                ? roles.map((role) => <Tag key={role}>{role}</Tag>)
                : '无'}
            </span>
          ),
        },
        {
          title: '状态',
          key: 'state',
          render: (_, account) => <AccountState account={account} />,
        },
        { title: '创建时间', dataIndex: 'createdAt' },
        {
          title: '操作',
          key: 'actions',
          render: (_, account) => (
            <AccountRowActions
              account={account}
              isSelf={account.id === selfId}
              {...calls}
            />
          ),
        },
      ]}
    />
  )
}
