import { OCDS_PAGE_SIZE } from '#common/schemas/ocds.ts'

import { releaseYears } from './ocds-bulk-lines.ts'
import type { OcdsPackaging } from './ocds-packaging.ts'

export async function ocdsIndex(packaging: OcdsPackaging) {
  const { db, options, url, bulkUrl } = packaging
  const years = await releaseYears(db)
  return {
    name: '开放合同数据（OCDS 1.1.5）',
    description:
      '本平台交易项目的开放合同数据：每个交易项目为一个交易过程（ocid），各环节公告的发布、更正、重新发布和撤回各为一次发布（release），已发布的内容不因后来的更正而改变。数据无需签名即可读取，允许跨域访问，按访问地址限制频率。',
    ocdsVersion: '1.1.5',
    ocidPrefix: options.ocidPrefix,
    publisher: { name: await options.publisherName(), uri: options.baseUrl },
    releases: {
      url: url('/releases'),
      parameters: {
        since:
          '可选：只列出该时间及之后的发布，日期（北京时间零点）或带时区的 RFC 3339 时间',
        page: '可选：页码，从 1 开始',
      },
      order: '按发布时间从早到晚（oldest first），同一时间按记录的先后',
      pageSize: OCDS_PAGE_SIZE,
    },
    records: { url: url('/records/{ocid}') },
    bulk: years.map((year) => ({
      year,
      url: bulkUrl(year),
      format:
        'gzip 压缩的 JSON Lines：每行一个只含一次发布的发布包（release package），按发布时间从早到晚',
    })),
  }
}
