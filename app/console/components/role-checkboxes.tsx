import { Checkbox, Form } from 'antd'

import { STAFF_ROLES, type StaffRole } from '#common/constants/staff.ts'

export function RoleCheckboxes({
  id,
  value,
  onChange,
  roles = STAFF_ROLES,
  groupLabel = '角色',
}: {
  id?: string
  value?: StaffRole[]
  onChange?: (roles: StaffRole[]) => void
  roles?: readonly StaffRole[]
  groupLabel?: string
}) {
  return (
    <div id={id} role="group" aria-label={groupLabel}>
      <Checkbox.Group
        value={value}
        onChange={(checked) => onChange?.(checked)}
        options={roles.map((role) => ({ label: role, value: role }))}
      />
    </div>
  )
}

const ROLES_HELP =
  '系统管理员与审计员不能由同一人兼任；投诉处理办理日常步骤，投诉负责人作出决定、延期、同意或不予撤回和公开结果；审计员只查阅审计日志'

/** The 角色 field of an account's form, with the rules for combining roles. */
export function AccountRolesField() {
  return (
    <Form.Item name="roles" label="角色" extra={ROLES_HELP}>
      <RoleCheckboxes />
    </Form.Item>
  )
}
