import { Descriptions, Form, Input, Modal, Spin } from 'antd'
import { useEffect, useState } from 'react'

import { getBrowserRegionalApi } from '#app/api/browser-regional-api.ts'
import type { UploadRequest } from '#app/api/upload-request.ts'
import { FileUpload } from '#app/components/ui/file-upload.tsx'
import type {
  ComplaintAccess,
  TranscriptDetail,
} from '#common/schemas/complaint/complaint-follow-up.ts'
import type { FileRecord } from '#common/schemas/file-record.ts'
import { UPLOAD_FILE_TYPES } from '#common/upload-file-types.ts'

import styles from './follow-up.module.css'
import { useFollowUpSubmit } from './use-follow-up-submit.ts'

const uploadMaterial: UploadRequest = (file, options) =>
  getBrowserRegionalApi().uploadComplaintFile(file, options)

type Closer = (changed: boolean) => void

export function MaterialDialog({
  access,
  requestId,
  items,
  onClose,
}: {
  access: ComplaintAccess
  requestId: number
  items: string
  onClose: Closer
}) {
  const [form] = Form.useForm<{ answerText: string; files: FileRecord[] }>()
  const { submit, isSaving } = useFollowUpSubmit(
    form,
    (values) =>
      getBrowserRegionalApi().answerMaterialRequest({
        ...access,
        requestId,
        answerText: values.answerText.trim(),
        fileIds: (values.files ?? []).map((file) => file.id),
      }),
    '补充材料已提交',
    onClose,
  )
  return (
    <Modal
      open
      title="补充材料"
      okText="提交补充材料"
      onOk={submit}
      confirmLoading={isSaving}
      onCancel={() => onClose(false)}
      mask={{ closable: false }}
    >
      <p className={styles.reason}>需补正的材料：{items}</p>
      <Form form={form} layout="vertical" initialValues={{ files: [] }}>
        <Form.Item
          label="补正说明"
          name="answerText"
          rules={[
            { required: true, whitespace: true, message: '请填写补正说明' },
            { max: 2000, message: '补正说明不能超过2000个字' },
          ]}
        >
          <Input.TextArea
            maxLength={2000}
            showCount
            autoSize={{ minRows: 3 }}
          />
        </Form.Item>
        <Form.Item label="补充的材料" name="files">
          <FileUpload
            upload={uploadMaterial}
            accept={UPLOAD_FILE_TYPES}
            maxCount={50}
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}

export function WithdrawDialog({
  access,
  isRevoke,
  onClose,
}: {
  access: ComplaintAccess
  isRevoke: boolean
  onClose: Closer
}) {
  const [form] = Form.useForm<{ reason: string; files: FileRecord[] }>()
  const { submit, isSaving } = useFollowUpSubmit(
    form,
    (values) =>
      getBrowserRegionalApi().applyForWithdrawal({
        ...access,
        reason: values.reason.trim(),
        fileIds: (values.files ?? []).map((file) => file.id),
      }),
    isRevoke ? '投诉已撤回' : '撤回申请已提交，请等待行政监督部门决定',
    onClose,
  )
  return (
    <Modal
      open
      title={isRevoke ? '撤回投诉' : '申请撤回投诉'}
      okText="提交申请"
      okButtonProps={{ danger: true }}
      onOk={submit}
      confirmLoading={isSaving}
      onCancel={() => onClose(false)}
      mask={{ closable: false }}
    >
      <p className={styles.reason}>
        {isRevoke
          ? '投诉尚未签收，撤回后投诉即终止，不可恢复。'
          : '在作出处理决定前可以书面申请撤回投诉，是否准予撤回由行政监督部门决定。'}
      </p>
      <Form form={form} layout="vertical" initialValues={{ files: [] }}>
        <Form.Item
          label="撤回理由"
          name="reason"
          rules={[
            { required: true, whitespace: true, message: '请填写撤回理由' },
            { min: 5, message: '撤回理由不能少于5个字' },
            { max: 1000, message: '撤回理由不能超过1000个字' },
          ]}
        >
          <Input.TextArea
            maxLength={1000}
            showCount
            autoSize={{ minRows: 3 }}
          />
        </Form.Item>
        <Form.Item label="撤回申请书等材料" name="files">
          <FileUpload
            upload={uploadMaterial}
            accept={UPLOAD_FILE_TYPES}
            maxCount={10}
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}

export function TranscriptDialog({
  access,
  transcriptId,
  onClose,
}: {
  access: ComplaintAccess
  transcriptId: number
  onClose: () => void
}) {
  const [detail, setDetail] = useState<TranscriptDetail | null>(null)
  const [hasFailed, setHasFailed] = useState(false)
  // Browser-only work: loaded when the dialog opens, with the complainant's credentials.
  useEffect(() => {
    let isCurrent = true
    getBrowserRegionalApi()
      .transcriptDetail({ ...access, transcriptId })
      .then((found) => isCurrent && setDetail(found))
      .catch(() => isCurrent && setHasFailed(true))
    return () => {
      isCurrent = false
    }
  }, [access, transcriptId])
  return (
    <Modal
      open
      title={detail?.title ?? '调查笔录'}
      footer={null}
      onCancel={onClose}
      width={720}
    >
      {detail ? (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'time', label: '时间', children: detail.occurredAt },
              { key: 'place', label: '地点', children: detail.place },
              {
                key: 'interviewee',
                label: '被调查人',
                children: detail.interviewee,
              },
              {
                key: 'interviewer',
                label: '调查人',
                children: detail.interviewer,
              },
            ]}
          />
          <div className={styles.transcript}>{detail.content}</div>
          {detail.document ? (
            <a href={detail.document.url} target="_blank" rel="noreferrer">
              查看笔录文书：{detail.document.label}
            </a>
          ) : null}
        </>
      ) : hasFailed ? (
        <p>笔录加载失败，请稍后重试。</p>
      ) : (
        <Spin description="加载中…">
          <div style={{ height: 120 }} />
        </Spin>
      )}
    </Modal>
  )
}
