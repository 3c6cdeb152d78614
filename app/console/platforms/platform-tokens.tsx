import { Empty, Grid } from 'antd'
import { useState } from 'react'
import { href, Link } from 'react-router'

import { ConsolePage } from '#app/console/components/console-page.tsx'
import { TableScroll } from '#app/console/components/table-scroll.tsx'

import type { PlatformToken, PlatformTokenCalls } from './platform-token-api.ts'
import { PlatformTokensTable } from './platform-tokens-table.tsx'
import styles from './platforms.module.css'
import { type TrustAsked, TrustDialog } from './trust-dialog.tsx'

export function PlatformTokens({
  tokens,
  calls,
}: {
  tokens: PlatformToken[]
  calls: PlatformTokenCalls
}) {
  const isPhone = Grid.useBreakpoint().xs === true
  // The rows as last answered; the page's data read again replaces them.
  const [rows, setRows] = useState(tokens)
  const [rowsFrom, setRowsFrom] = useState(tokens)
  if (rowsFrom !== tokens) {
    setRowsFrom(tokens)
    setRows(tokens)
  }
  const [asked, setAsked] = useState<TrustAsked | null>(null)
  const [isAsking, setAsking] = useState(false)
  const [done, setDone] = useState('')

  function ask(token: PlatformToken, isTrusted: boolean) {
    setDone('')
    setAsked({ token, isTrusted })
    setAsking(true)
  }

  return (
    <ConsolePage title="交易平台令牌">
      <div>
        <p className={styles.intro}>
          交易平台使用角色为“交易平台推送”的个人API令牌推送OCDS数据。默认先审后发：推送的数据经内容审核批准后才公开发布；设为免审发布的令牌，其推送的数据立即发布。
        </p>
        <p role="status" className={styles.done}>
          {done}
        </p>
      </div>
      {rows.length === 0 ? (
        <Empty
          description={
            <>
              <strong className={styles.emptyTitle}>暂无交易平台令牌</strong>
              <span className={styles.emptyHow}>
                交易平台的账号须具有“交易平台推送”角色（在账号管理中设置）。该账号登录后，在“我的账号”中创建角色为“交易平台推送”的个人API令牌，令牌即列在这里。
              </span>
            </>
          }
        >
          <Link to={href('/admin/accounts')}>前往账号管理</Link>
        </Empty>
      ) : (
        <TableScroll label="交易平台令牌表格" minWidth={isPhone ? 0 : 760}>
          <PlatformTokensTable tokens={rows} onAskTrust={ask} />
        </TableScroll>
      )}
      <TrustDialog
        asked={asked}
        isOpen={isAsking}
        calls={calls}
        onClose={() => setAsking(false)}
        onDone={(answer) => {
          setAsking(false)
          setRows((shown) =>
            shown.map((row) =>
              row.id === answer.id ? { ...row, ...answer } : row,
            ),
          )
          setDone(
            `令牌“${answer.name}”${answer.isTrusted ? '已设为免审发布' : '已改回先审后发'}`,
          )
        }}
      />
    </ConsolePage>
  )
}
