import { Alert, Form, Modal } from 'antd'

import type { StaffRole } from '#common/constants/staff.ts'
import { StaffAccountSchema } from '#common/schemas/staff.ts'

import { staffApi } from '#app/console/api/staff-api-client.ts'
import { useConsoleCall } from '#app/console/api/use-console-call.ts'
import { AccountRolesField } from '#app/console/components/role-checkboxes.tsx'

import {
  type AccountDialogProps,
  formDialogProps,
} from './form-dialog-props.ts'

// The server keeps the rules (系统管理员 and 审计员 not together, no administrator removing
// their own role); its refusal is said here.
export function RolesDialog({ account, onClose, onSaved }: AccountDialogProps) {
  const [form] = Form.useForm<{ roles: StaffRole[] }>()
  const { run, isPending, error, clearError } = useConsoleCall()

  async function save(values: { roles: StaffRole[] }) {
    if (!account) return
    const answer = await run(() =>
      staffApi.post(
        `/accounts/${account.id}/roles`,
        StaffAccountSchema,
        values,
      ),
    )
    if (answer) onSaved()
  }

  return (
    <Modal
      open={account !== null}
      title={
        account
          ? `设置角色：${account.displayName}（${account.accountName}）`
          : ''
      }
      okText="保存"
      {...formDialogProps({ form, isPending, clearError, onClose })}
    >
      <Form
        form={form}
        layout="vertical"
        disabled={isPending}
        initialValues={{ roles: account?.roles ?? [] }}
        onFinish={(values) => void save(values)}
      >
        <AccountRolesField />
        {error ? <Alert type="error" showIcon title={error.message} /> : null}
      </Form>
    </Modal>
  )
}
