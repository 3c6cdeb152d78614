import { Grid, Switch, Table, type TableColumnsType } from 'antd'

import { StatusTag } from '#app/components/ui/status-tag.tsx'

import type { PlatformToken } from './platform-token-api.ts'
import styles from './platforms.module.css'

const dayOf = (shanghaiText: string) => shanghaiText.slice(0, 10)

function TokenState({ token }: { token: PlatformToken }) {
  if (token.isRevoked) return <StatusTag tone="neutral">已撤销</StatusTag>
  if (token.isExpired)
    return (
      <StatusTag tone="warning">已过期（{dayOf(token.expiresAt)}）</StatusTag>
    )
  return (
    <StatusTag tone="success">有效（至 {dayOf(token.expiresAt)}）</StatusTag>
  )
}

type AskTrust = (token: PlatformToken, isTrusted: boolean) => void

function TrustSwitch({
  token,
  onAskTrust,
}: {
  token: PlatformToken
  onAskTrust: AskTrust
}) {
  return (
    <Switch
      checked={token.isTrusted}
      checkedChildren="是"
      unCheckedChildren="否"
      aria-label={`令牌“${token.name}”免审发布`}
      // The server refuses a revoked token (409): nothing to decide for it.
      disabled={token.isRevoked}
      title={token.isRevoked ? '令牌已撤销，不能更改' : undefined}
      onChange={(isTrusted) => onAskTrust(token, isTrusted)}
    />
  )
}

const columnsFor = (onAskTrust: AskTrust): TableColumnsType<PlatformToken> => [
  {
    title: '账号',
    dataIndex: 'displayName',
    render: (name: string | null) => name ?? '—',
  },
  { title: '账号名', dataIndex: 'accountName' },
  { title: '令牌名称', dataIndex: 'name' },
  {
    title: '状态',
    key: 'state',
    render: (_, token) => <TokenState token={token} />,
  },
  {
    title: '免审发布',
    key: 'trust',
    render: (_, token) => <TrustSwitch token={token} onAskTrust={onAskTrust} />,
  },
]

// On a phone each token is one cell, its parts one under another, as the complaint queue's rows.
const phoneColumnsFor = (
  onAskTrust: AskTrust,
): TableColumnsType<PlatformToken> => [
  {
    title: '令牌',
    key: 'token',
    render: (_, token) => (
      <span className={styles.phoneRow}>
        <strong>{token.name}</strong>
        <span>
          {token.displayName ?? '—'}（{token.accountName}）
        </span>
        <TokenState token={token} />
        <span className={styles.phoneTrust}>
          免审发布 <TrustSwitch token={token} onAskTrust={onAskTrust} />
        </span>
      </span>
    ),
  },
]

export function PlatformTokensTable({
  tokens,
  onAskTrust,
}: {
  tokens: PlatformToken[]
  /** The switch only asks: the page confirms before anything is sent. */
  onAskTrust: AskTrust
}) {
  const isPhone = Grid.useBreakpoint().xs === true
  return (
    <Table<PlatformToken>
      rowKey="id"
      size="middle"
      pagination={false}
      dataSource={tokens}
      columns={isPhone ? phoneColumnsFor(onAskTrust) : columnsFor(onAskTrust)}
    />
  )
}
