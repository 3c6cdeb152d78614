/**
 * The registration marks a Chinese government website shows in its footer (《政府网站发展指引》,
 * 国办发〔2017〕47号). Configured per deployment; an empty value is not shown.
 */
export type SiteMarks = {
  /** 网站标识码: 10 letters or digits, shown as text (it has no public lookup page). */
  siteIdentifier: string
  /** ICP备案号 as issued, e.g. 新ICP备12345678号-1. */
  icpRecord: string
  /** 公安机关互联网站备案号 as issued, e.g. 新公网安备65010202000123号. */
  psbRecord: string
  /** The verification page of the 党政机关网站 mark (https://bszs.conac.cn/…); empty: no mark. */
  conacMarkUrl: string
}

export const ICP_RECORD_PATTERN =
  /^\p{Script=Han}{1,3}ICP备\d{6,10}号(-\d{1,3})?$/u

/** The MIIT asks every filed site to link its ICP number to the filing system's home page. */
export const ICP_RECORD_URL = 'https://beian.miit.gov.cn/'

export const PSB_RECORD_PATTERN = /^\p{Script=Han}{1,3}公网安备\s?(\d{14})号$/u

/** As the filing system's own code snippet links it; null when the text is not a record number. */
export function psbRecordUrl(record: string): string | null {
  const code = PSB_RECORD_PATTERN.exec(record.trim())?.[1]
  return code ? `https://beian.mps.gov.cn/#/query/webSearch?code=${code}` : null
}
