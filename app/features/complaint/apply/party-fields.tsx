import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Form, Input, Radio, Select } from 'antd'

import { zodRule } from '#app/components/ui/zod-form-rule.ts'
import {
  COMPLAINANT_TYPES,
  COMPLAINT_MAX_RESPONDENTS,
  COMPLAINT_PARTY_ROLES,
} from '#common/constants/statute.ts'
import { ComplaintApplicationSchema } from '#common/schemas/complaint/complaint-filing.ts'

import {
  PENDING_PARTS,
  toApplication,
  type ApplyValues,
} from './apply-values.ts'
import styles from './apply.module.css'

const roles = COMPLAINT_PARTY_ROLES.map(({ value, label }) => ({
  value,
  label,
}))

export const rule = (...path: (string | number)[]) =>
  zodRule(ComplaintApplicationSchema, path, (values) =>
    toApplication(values as ApplyValues, PENDING_PARTS),
  )

export function ComplainantFields() {
  const type = Form.useWatch(['complainant', 'type'])
  const isPerson = type === 'natural_person'
  return (
    <fieldset className={styles.section}>
      <legend>投诉人信息</legend>
      <Form.Item
        label="投诉人类型"
        name={['complainant', 'type']}
        required
        rules={[rule('complainant', 'type')]}
      >
        <Radio.Group
          options={COMPLAINANT_TYPES.map(({ value, label }) => ({
            value,
            label,
          }))}
        />
      </Form.Item>
      <Form.Item
        label="投诉人角色"
        name={['complainant', 'role']}
        required
        rules={[rule('complainant', 'role')]}
      >
        <Select
          options={roles}
          placeholder="请选择投诉人在招标投标活动中的角色"
        />
      </Form.Item>
      <Form.Item
        label={isPerson ? '姓名' : '单位名称'}
        name={['complainant', 'name']}
        required
        rules={[rule('complainant', 'name')]}
      >
        <Input
          maxLength={100}
          autoComplete={isPerson ? 'name' : 'organization'}
        />
      </Form.Item>
      <Form.Item
        label={isPerson ? '身份证号码' : '统一社会信用代码'}
        name={['complainant', 'idNumber']}
        required
        rules={[rule('complainant', 'idNumber')]}
      >
        <Input maxLength={18} />
      </Form.Item>
      {isPerson ? null : (
        <Form.Item
          label="法定代表人（负责人）"
          name={['complainant', 'legalRepresentative']}
          required
          rules={[rule('complainant', 'legalRepresentative')]}
        >
          <Input maxLength={50} />
        </Form.Item>
      )}
      <Form.Item
        label="地址"
        name={['complainant', 'address']}
        required
        rules={[rule('complainant', 'address')]}
      >
        <Input maxLength={200} autoComplete="street-address" />
      </Form.Item>
      <Form.Item
        label="联系人"
        name={['contact', 'name']}
        required
        rules={[rule('contact', 'name')]}
      >
        <Input maxLength={50} autoComplete="name" />
      </Form.Item>
      <Form.Item
        label="联系电话（手机）"
        name={['contact', 'phone']}
        required
        rules={[rule('contact', 'phone')]}
        extra="短信验证码、投诉编号和查询码将发送到该手机"
      >
        <Input maxLength={11} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <Form.Item
        label="电子邮箱"
        name={['contact', 'email']}
        rules={[rule('contact', 'email')]}
      >
        <Input maxLength={100} type="email" autoComplete="email" />
      </Form.Item>
    </fieldset>
  )
}

export function RespondentFields() {
  return (
    <fieldset className={styles.section}>
      <legend>被投诉人信息</legend>
      <Form.List name="respondents">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <div key={field.key} className={styles.respondent}>
                <div className={styles.respondentHead}>
                  <h2>被投诉人 {index + 1}</h2>
                  {fields.length > 1 ? (
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      onClick={() => remove(field.name)}
                    >
                      删除被投诉人 {index + 1}
                    </Button>
                  ) : null}
                </div>
                <Form.Item
                  label="角色"
                  name={[field.name, 'role']}
                  required
                  rules={[rule('respondents', index, 'role')]}
                >
                  <Select options={roles} placeholder="请选择被投诉人的角色" />
                </Form.Item>
                <Form.Item
                  label="名称"
                  name={[field.name, 'name']}
                  required
                  rules={[rule('respondents', index, 'name')]}
                >
                  <Input maxLength={100} />
                </Form.Item>
                <Form.Item
                  label="联系方式"
                  name={[field.name, 'contact']}
                  rules={[rule('respondents', index, 'contact')]}
                >
                  <Input maxLength={100} />
                </Form.Item>
                <Form.Item
                  label="地址"
                  name={[field.name, 'address']}
                  rules={[rule('respondents', index, 'address')]}
                >
                  <Input maxLength={200} />
                </Form.Item>
              </div>
            ))}
            {fields.length < COMPLAINT_MAX_RESPONDENTS ? (
              <Button
                type="dashed"
                icon={<PlusOutlined aria-hidden />}
                onClick={() => add({})}
              >
                添加被投诉人
              </Button>
            ) : null}
          </>
        )}
      </Form.List>
    </fieldset>
  )
}
