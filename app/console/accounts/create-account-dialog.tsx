import { Alert, Form, Input, Modal } from 'antd'

import { zodRule } from '#app/components/ui/zod-form-rule.ts'
import type { StaffRole } from '#common/constants/staff.ts'
import {
  AccountWithLinkSchema,
  CreateAccountSchema,
} from '#common/schemas/staff.ts'

import { staffApi } from '#app/console/api/staff-api-client.ts'
import type { StaffAccount } from '#app/console/api/staff-types.ts'
import { useConsoleCall } from '#app/console/api/use-console-call.ts'
import { AccountRolesField } from '#app/console/components/role-checkboxes.tsx'

import { formDialogProps } from './form-dialog-props.ts'

type Values = { accountName: string; displayName: string; roles: StaffRole[] }

export function CreateAccountDialog({
  isOpen,
  onClose,
  onCreated,
}: {
  isOpen: boolean
  onClose: () => void
  onCreated: (created: { account: StaffAccount; setupUrl: string }) => void
}) {
  const [form] = Form.useForm<Values>()
  const { run, isPending, error, clearError } = useConsoleCall()

  async function create(values: Values) {
    const answer = await run(() =>
      staffApi.post('/accounts', AccountWithLinkSchema, values),
    )
    if (!answer) return
    form.resetFields()
    onCreated(answer)
  }

  return (
    <Modal
      open={isOpen}
      title="新建账号"
      okText="新建"
      {...formDialogProps({ form, isPending, clearError, onClose })}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={isPending}
        initialValues={{ roles: [] }}
        onFinish={(values) => void create(values)}
      >
        <Form.Item
          name="accountName"
          label="账号名"
          extra="3至32位小写字母、数字或 . _ -，以字母开头，如 li.handler"
          rules={[zodRule(CreateAccountSchema, ['accountName'])]}
        >
          <Input autoComplete="off" autoCapitalize="none" maxLength={32} />
        </Form.Item>
        <Form.Item
          name="displayName"
          label="姓名"
          rules={[zodRule(CreateAccountSchema, ['displayName'])]}
        >
          <Input autoComplete="off" maxLength={50} />
        </Form.Item>
        <AccountRolesField />
        {error ? <Alert type="error" showIcon title={error.message} /> : null}
      </Form>
    </Modal>
  )
}
