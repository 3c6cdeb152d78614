import { Descriptions } from 'antd'

import {
  COMPLAINANT_TYPES,
  COMPLAINT_PARTY_ROLES,
} from '#common/constants/statute.ts'
import type { StaffComplaintDetail } from '#common/schemas/complaint/complaint-staff.ts'

import { label } from './option-label.ts'
import styles from './workbench.module.css'

export function ComplaintParties({
  complaint: c,
}: {
  complaint: StaffComplaintDetail
}) {
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2 }}
        title="投诉人"
        items={[
          { key: 'name', label: '名称', children: c.complainant.name },
          {
            key: 'type',
            label: '类型',
            children: `${label(COMPLAINANT_TYPES, c.complainant.type)}（${label(COMPLAINT_PARTY_ROLES, c.complainant.role)}）`,
          },
          {
            key: 'id',
            label: '证件号码',
            children: c.complainant.idNumber,
          },
          {
            key: 'rep',
            label: '法定代表人',
            children: c.complainant.legalRepresentative ?? '—',
          },
          { key: 'address', label: '地址', children: c.complainant.address },
          {
            key: 'contact',
            label: '联系人',
            children: `${c.contact.name} ${c.contact.phone}${c.contact.email ? ` ${c.contact.email}` : ''}`,
          },
        ]}
      />
      <h3 className={styles.sectionTitle} style={{ marginTop: 16 }}>
        被投诉人
      </h3>
      <ul>
        {c.respondents.map((r) => (
          <li key={`${r.role}-${r.name}`}>
            {r.name}（{r.roleLabel}）
            {r.contact ? ` · 联系方式：${r.contact}` : ''}
            {r.address ? ` · 地址：${r.address}` : ''}
          </li>
        ))}
      </ul>
    </>
  )
}
