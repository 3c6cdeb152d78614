import { MSG_NOTICE_READ } from '#common/messages.ts'
import { formatMegabytes, MAX_UPLOAD_BYTES } from '#common/upload-rules.ts'
import { UPLOAD_FILE_TYPES } from '#common/upload-file-types.ts'

/** One text for the 常见问题 page and the download centre's 网上投诉操作指南. */
export const ONLINE_COMPLAINT_STEPS = [
  `进入“投诉举报—投诉须知”，点击“在线投诉”，阅读投诉须知，勾选“${MSG_NOTICE_READ}”后点击“确定”。`,
  '选择被投诉的招标项目，填写投诉人、被投诉人、投诉类型、投诉事项及事实依据和投诉请求；对资格预审文件、招标文件、开标或者评标结果投诉的，填写提出异议的日期和招标人的答复情况，并上传异议材料；上传证据材料。',
  '输入图形验证码，获取并填写发送到投诉人联系电话（手机）的短信验证码，点击“生成投诉书”，核对生成的投诉书。',
  '点击“电子签章”，在签章页面加盖投诉人的电子印章。签章后又修改投诉内容的，须重新生成投诉书并签章。',
  '点击“提交投诉”。提交成功后页面显示投诉编号和查询码，请立即记录并妥善保管：查询码只显示这一次。',
] as const

export const EVIDENCE_FILE_RULE = `证明材料可上传 ${UPLOAD_FILE_TYPES.join('、')} 格式的文件，每个文件不超过${formatMegabytes(MAX_UPLOAD_BYTES)}。`

export const ONLINE_COMPLAINT_SUMMARY =
  '在线填写水利工程招标投标投诉书，上传证明材料，经短信验证并加盖投诉人的电子印章后提交，提交后凭投诉编号和查询码查询办理进度。'
