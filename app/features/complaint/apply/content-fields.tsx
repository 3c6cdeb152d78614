import { DatePicker, Form, Input, Radio, Select } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'

import { uploadEditorImage } from '#app/api/browser-portal-api.ts'
import { getBrowserRegionalApi } from '#app/api/browser-regional-api.ts'
import type { UploadRequest } from '#app/api/upload-request.ts'
import { FileUpload } from '#app/components/ui/file-upload.tsx'
import { RichTextEditor } from '#app/components/ui/rich-text-editor.tsx'
import {
  COMPLAINT_MAX_EVIDENCE_FILES,
  COMPLAINT_TYPES,
} from '#common/constants/statute.ts'
import { UPLOAD_FILE_TYPES } from '#common/upload-file-types.ts'

import { rule } from './party-fields.tsx'
import styles from './apply.module.css'
import '#app/components/ui/dayjs-chinese.ts'

const uploadEvidence: UploadRequest = (file, options) =>
  getBrowserRegionalApi().uploadComplaintFile(file, options)

// Dates travel as 'YYYY-MM-DD' text (the schema's shape and the draft's).
const dateProps = {
  getValueProps: (value?: string) => ({
    value: value ? dayjs(value) : undefined,
  }),
  normalize: (value?: Dayjs | null) => value?.format('YYYY-MM-DD'),
}

// 条例 art. 22, 44, 54, 60: the tenderer had to hear the objection first.
function ObjectionFields() {
  const replyStatus = Form.useWatch(['objection', 'replyStatus'])
  return (
    <div className={styles.objection}>
      <p className={styles.note}>
        对资格预审文件、招标文件、开标及评标结果的投诉，应当先向招标人提出异议。请提供异议及答复情况。
      </p>
      <Form.Item
        label="提出异议日期"
        name={['objection', 'objectionDate']}
        required
        rules={[rule('objection', 'objectionDate')]}
        {...dateProps}
      >
        <DatePicker disabledDate={(day) => day.isAfter(dayjs(), 'day')} />
      </Form.Item>
      <Form.Item
        label="招标人答复情况"
        name={['objection', 'replyStatus']}
        required
        rules={[rule('objection', 'replyStatus')]}
      >
        <Radio.Group
          options={[
            { value: 'replied', label: '已答复' },
            { value: 'no_reply', label: '未在规定期限内答复' },
          ]}
        />
      </Form.Item>
      {replyStatus === 'replied' ? (
        <>
          <Form.Item
            label="答复日期"
            name={['objection', 'replyDate']}
            required
            rules={[rule('objection', 'replyDate')]}
            {...dateProps}
          >
            <DatePicker disabledDate={(day) => day.isAfter(dayjs(), 'day')} />
          </Form.Item>
          <Form.Item
            label="答复内容摘要"
            name={['objection', 'replySummary']}
            rules={[rule('objection', 'replySummary')]}
          >
            <Input.TextArea
              maxLength={1000}
              showCount
              autoSize={{ minRows: 2 }}
            />
          </Form.Item>
        </>
      ) : null}
      <Form.Item
        label="异议材料"
        name={['objection', 'files']}
        required
        rules={[rule('objection', 'fileIds')]}
        extra="异议书，以及招标人的答复（未答复的，上传未答复的情况说明）"
      >
        <FileUpload
          upload={uploadEvidence}
          accept={UPLOAD_FILE_TYPES}
          maxCount={20}
        />
      </Form.Item>
    </div>
  )
}

export function ContentFields() {
  const complaintType = Form.useWatch('complaintType')
  return (
    <fieldset className={styles.section}>
      <legend>投诉内容</legend>
      <Form.Item
        label="投诉类型"
        name="complaintType"
        required
        rules={[rule('complaintType')]}
      >
        <Select
          placeholder="请选择投诉事项的类型"
          options={COMPLAINT_TYPES.map(({ value, label }) => ({
            value,
            label: value === 'other' ? label : `对${label}的投诉`,
          }))}
        />
      </Form.Item>
      {complaintType && complaintType !== 'other' ? <ObjectionFields /> : null}
      <Form.Item
        label="投诉事项及事实依据"
        name="factsHtml"
        required
        rules={[rule('factsHtml')]}
        extra="写明投诉事项的基本事实、理由及法律依据"
      >
        <RichTextEditor
          ariaLabel="投诉事项及事实依据"
          uploadImage={uploadEditorImage}
        />
      </Form.Item>
      <Form.Item
        label="投诉请求"
        name="requests"
        required
        rules={[rule('requests')]}
      >
        <Input.TextArea maxLength={2000} showCount autoSize={{ minRows: 3 }} />
      </Form.Item>
      <Form.Item
        label="证据材料"
        name="evidenceFiles"
        rules={[rule('evidenceFileIds')]}
        extra="有效线索和相关证明材料"
      >
        <FileUpload
          upload={uploadEvidence}
          accept={UPLOAD_FILE_TYPES}
          maxCount={COMPLAINT_MAX_EVIDENCE_FILES}
        />
      </Form.Item>
    </fieldset>
  )
}
