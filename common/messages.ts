/** Text the specification quotes, kept in one place and imported, never retyped. */

export const MSG_SEARCH_PLACEHOLDER = '请输入标题或内容关键字'
export const MSG_FAVORITE_FAILED = '加入收藏失败，请使用Ctrl+D进行添加'
export const MSG_EMPTY_FILE = '不能上传空文件'
export const MSG_BAD_FILE_FORMAT = '请上传正确的文件格式'
export const MSG_CANNOT_DELETE_ATTACHMENT = '不可删除附件'
export const MSG_SIGN_SUCCESS = '签章成功'
/** 确认 before the file was sealed: /ca/sign/file answers an empty list, not an error. */
export const MSG_NOT_SIGNED_YET =
  '文件尚未签章，请在签章页面完成签章后再点击确认'
export const MSG_NOTICE_READ = '我已阅读以上内容'
export const MSG_PORTAL_ERROR_FALLBACK = 'error'
export const MSG_REGIONAL_ERROR_FALLBACK = '未知错误'
export const MSG_SERVER_ERROR = '服务器错误'
export const MSG_UPLOAD_FAILED = '文件上传失败'
export const MSG_UPLOAD_NO_RESPONSE = '文件上传失败，服务器未响应'
/** spec §8: 'file upload failed (status), body'. */
export const msgUploadFailedWithStatus = (status: number, body: string) =>
  `文件上传失败（${status}），${body}`
/** spec §5: the hint and refusal 'only upload X files'. */
export const msgUploadMaxCount = (count: number) => `只能上传${count}个文件`
export const MSG_CHUNK_LOAD_FAILED = '页面资源加载失败，请检查网络后刷新页面'

export const MSG_SIGN_INVALID = '签名校验失败'
export const MSG_TS_INVALID = '请求时间戳无效或已过期'
export const MSG_BAD_REQUEST_BODY = '请求数据格式错误'
export const MSG_HEADER_MISSING = '缺少签名请求头'
export const MSG_NONCE_REPLAYED = '请求已被使用，请勿重复提交'
export const MSG_BODY_HASH_MISMATCH = '请求内容校验失败'
export const MSG_INTERNAL_ERROR = '服务器繁忙，请稍后再试'
// A part the process needs (Redis, the file storage) cannot be reached: answered 503.
export const MSG_SERVICE_BUSY = '系统繁忙，请稍后重试'
export const MSG_STORAGE_UNAVAILABLE = '文件服务暂时不可用，请稍后重试'
export const MSG_NOT_FOUND = '您访问的内容不存在或已被删除'
export const MSG_NONCE_INVALID = '请求随机数无效'
export const MSG_BODY_TOO_LARGE = '请求内容过大'
export const MSG_BODY_TOO_DEEP = '请求数据嵌套层级过多'
export const MSG_BODY_TOO_WIDE = '请求数据条目过多'
export const MSG_CHARSET_UNSUPPORTED = '请求内容须使用UTF-8编码'
export const MSG_HEADERS_TOO_LARGE = '请求头或网址过长'
export const MSG_REQUEST_TIMEOUT = '请求超时，请重试'

export const MSG_UPLOAD_NO_FILE = '请选择要上传的文件'
export const MSG_UPLOAD_ONE_FILE = '每次只能上传一个文件'
export const MSG_UPLOAD_BAD_NAME = '文件名无效，请重命名后上传'
export const MSG_UPLOAD_TOO_FREQUENT = '上传过于频繁，请稍后再试'
export const msgFileTooLarge = (limit: string) => `文件大小不能超过${limit}`
/** A PDF that carries scripts, launch or other actions, or programs (issue 10, point 7). */
export const MSG_PDF_ACTIVE_CONTENT =
  'PDF文件含有脚本、自动执行的操作或可执行程序，请删除后重新上传'
/** A PDF whose content cannot be checked for them (encrypted, unreadable object streams). */
export const MSG_PDF_UNCHECKABLE =
  'PDF文件已加密或无法检查其内容，请另存为未加密的PDF后重新上传'

export const MSG_CAPTCHA_WRONG = '图形验证码错误或已过期，请重新输入'
export const MSG_SMS_CODE_WRONG = '短信验证码错误'
export const MSG_SMS_CODE_EXPIRED = '短信验证码已失效，请重新获取'
export const MSG_SMS_DAILY_LIMIT =
  '该手机号今日获取验证码次数已达上限，请明日再试'
export const MSG_SMS_IP_LIMIT = '今日获取验证码次数过多，请明日再试'
export const MSG_SMS_SEND_FAILED = '短信发送失败，请稍后再试'
export const MSG_TOO_FREQUENT = '操作过于频繁，请稍后再试'
export const msgSmsWait = (seconds: number) =>
  `验证码已发送，请${seconds}秒后再重新获取`
/**
 * The page filed this draft before (its answer may have been lost) and the content has changed
 * since: it draws a new key, so that submitting again files the changed content on its own.
 */
export const MSG_CLIENT_KEY_CONTENT_DIFFERS =
  '本页此前已提交过一份投诉（投诉编号和查询码已短信发送至联系电话），本次内容与之不一致，未予提交。如需就修改后的内容另行投诉，请再次点击“提交投诉”。'

/** Statutory deadlines in a year whose holiday notice the calendar does not have yet. */
export const MSG_DEADLINE_PROVISIONAL = '暂定'
/** The year's statutory holidays are not published yet, so the date counts Monday–Friday. */
export const provisionalDeadlineNote = (year: number) =>
  `${year}年法定节假日安排尚未收录，期限按工作日暂计，公布后自动重新计算`
