import { Alert, Button, Form, Input, Modal, Popconfirm } from 'antd'

import { zodRule } from '#app/components/ui/zod-form-rule.ts'
import {
  SetOidcSubjectSchema,
  StaffAccountSchema,
} from '#common/schemas/staff.ts'

import { staffApi } from '#app/console/api/staff-api-client.ts'
import { useConsoleCall } from '#app/console/api/use-console-call.ts'
import type { AccountDialogProps } from './form-dialog-props.ts'

type Values = { subject: string }

export function OidcSubjectDialog({
  account,
  onClose,
  onSaved,
}: AccountDialogProps) {
  const [form] = Form.useForm<Values>()
  const { run, isPending, error, clearError } = useConsoleCall()

  async function save(subject: string | null) {
    if (!account) return
    const answer = await run(() =>
      staffApi.post(
        `/accounts/${account.id}/oidc-subject`,
        StaffAccountSchema,
        { subject },
      ),
    )
    if (answer) onSaved()
  }

  const close = () => {
    clearError()
    onClose()
  }

  return (
    <Modal
      open={account !== null}
      title={
        account
          ? `统一身份认证：${account.displayName}（${account.accountName}）`
          : ''
      }
      onCancel={close}
      destroyOnHidden
      footer={[
        account?.oidcSubject ? (
          <Popconfirm
            key="unlink"
            title="解除关联？"
            description="此人将不能再用统一身份认证登录本账号。"
            okText="解除关联"
            cancelText="取消"
            onConfirm={() => void save(null)}
          >
            <Button danger disabled={isPending}>
              解除关联
            </Button>
          </Popconfirm>
        ) : null,
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={isPending}
          onClick={() => form.submit()}
        >
          保存
        </Button>,
      ]}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={isPending}
        initialValues={{ subject: account?.oidcSubject ?? '' }}
        onFinish={(values) => void save(values.subject)}
      >
        <Form.Item
          name="subject"
          label="统一身份认证用户标识（sub）"
          extra="由统一身份认证系统的管理员提供。关联后此人可用统一身份认证登录本账号，角色仍以本系统为准。"
          rules={[zodRule(SetOidcSubjectSchema, ['subject'])]}
        >
          <Input autoComplete="off" autoCapitalize="none" maxLength={200} />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error.message} /> : null}
      </Form>
    </Modal>
  )
}
