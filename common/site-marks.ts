/**
 * The registration marks a Chinese government website shows in its footer: the 网站标识码 of
 * 《政府网站发展指引》 (国办发〔2017〕47号), the ICP filing number of the MIIT, the public-security
 * filing number, and the 党政机关网站 mark issued through the 中国机构编制网. Each is configured
 * per deployment (server/shared/config.ts); an empty value is not shown.
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

/** An ICP备案号: a province's short name, ICP备, the number, 号, and the site's -n if any. */
export const ICP_RECORD_PATTERN =
  /^\p{Script=Han}{1,3}ICP备\d{6,10}号(-\d{1,3})?$/u

/** The MIIT asks every filed site to link its ICP number to the filing system's home page. */
export const ICP_RECORD_URL = 'https://beian.miit.gov.cn/'

/** A 公安备案号: a province's short name, 公网安备, the 14-digit record code, 号. */
export const PSB_RECORD_PATTERN = /^\p{Script=Han}{1,3}公网安备\s?(\d{14})号$/u

/**
 * The public-security filing system's page for a record, as the filing system's own code
 * snippet links it; null when the text is not a record number.
 */
export function psbRecordUrl(record: string): string | null {
  const code = PSB_RECORD_PATTERN.exec(record.trim())?.[1]
  return code ? `https://beian.mps.gov.cn/#/query/webSearch?code=${code}` : null
}
