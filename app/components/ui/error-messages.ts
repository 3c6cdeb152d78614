export const ERROR_MESSAGES: Record<number, { title: string; text: string }> = {
  400: { title: '请求有误', text: '页面参数不正确，请返回后重试。' },
  404: { title: '页面不存在', text: '您访问的页面不存在或内容已被删除。' },
  500: { title: '服务暂时不可用', text: '系统出现异常，请稍后刷新页面重试。' },
}

export function errorMessage(status: number) {
  return ERROR_MESSAGES[status] ?? ERROR_MESSAGES[500]!
}
