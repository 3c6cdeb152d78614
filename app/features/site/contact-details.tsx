import { EnvironmentOutlined } from '@ant-design/icons'

import { useSiteSettings } from '#app/components/layout/site-settings.ts'
import {
  COMPLAINT_OFFICE,
  COMPLAINT_OFFICE_PHONE,
  DEPARTMENT_ADDRESS,
  DEPARTMENT_POSTCODE,
  OFFICE_HOURS,
} from '#common/constants/site.ts'

import { ContactMap } from './contact-map.tsx'
import styles from './contact.module.css'
import pageStyles from './site-pages.module.css'

const MAP_SEARCH_URL = `https://www.amap.com/search?query=${encodeURIComponent(DEPARTMENT_ADDRESS)}`

export function ContactDetails() {
  const settings = useSiteSettings()
  return (
    <div className={`portal-panel ${pageStyles.page}`}>
      <h1 className={pageStyles.title}>联系我们</h1>
      <p className={pageStyles.lead}>
        {settings.platformName}由{settings.guidanceUnit}
        指导建设。对平台使用有疑问，请拨打服务热线；对招标投标活动的投诉，请通过“投诉举报”栏目在线提交，或联系投诉受理办公室。
      </p>
      <div className={styles.layout}>
        <dl className={styles.details}>
          <dt>指导单位</dt>
          <dd>{settings.guidanceUnit}</dd>
          <dt>办公地址</dt>
          <dd>
            {DEPARTMENT_ADDRESS}（邮编 {DEPARTMENT_POSTCODE}）
          </dd>
          <dt>服务热线</dt>
          <dd>
            <a href={`tel:${settings.serviceHotline}`}>
              {settings.serviceHotline}
            </a>
          </dd>
          <dt>投诉受理电话</dt>
          <dd>
            <a href={`tel:${COMPLAINT_OFFICE_PHONE}`}>
              {COMPLAINT_OFFICE_PHONE}
            </a>
            <span className={styles.note}>{COMPLAINT_OFFICE}</span>
          </dd>
          <dt>技术支持</dt>
          <dd>
            {settings.technicalSupport}
            <span className={styles.note}>
              平台使用、电子印章等技术问题请拨打服务热线
            </span>
          </dd>
          <dt>办公时间</dt>
          <dd>
            {OFFICE_HOURS.days}上午 {OFFICE_HOURS.morning}，下午{' '}
            {OFFICE_HOURS.afternoon}（北京时间；午间休息{' '}
            {OFFICE_HOURS.lunchBreak}），法定节假日除外
          </dd>
        </dl>
        <figure className={styles.mapFigure}>
          <ContactMap label={settings.guidanceUnit} />
          <figcaption>
            <EnvironmentOutlined aria-hidden /> {DEPARTMENT_ADDRESS}
            <a
              href={MAP_SEARCH_URL}
              target="_blank"
              rel="noopener noreferrer"
              className={styles.mapLink}
            >
              在高德地图中查看（新窗口打开）
            </a>
          </figcaption>
        </figure>
      </div>
    </div>
  )
}
