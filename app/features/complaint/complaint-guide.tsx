import { Button } from 'antd'
import { href, Link, useNavigate } from 'react-router'

import { useSiteSettings } from '#app/components/layout/site-settings.ts'
import { useComplaintNotice } from './complaint-notice.tsx'
import {
  COMPLAINT_GUIDE,
  COMPLAINT_LEGAL_BASIS,
} from '#common/constants/complainant-guide.ts'

import styles from './complaint.module.css'

function WaysIn() {
  const { openNotice } = useComplaintNotice()
  const navigate = useNavigate()
  return (
    <ul className={styles.ways} aria-label="投诉办理入口">
      <li className={styles.way}>
        <h2>我要投诉</h2>
        <p>在线填写投诉书，上传证明材料，经短信验证并加盖电子印章后提交。</p>
        <Button
          type="primary"
          onClick={() =>
            openNotice({ onConfirm: () => navigate(href('/complaint/apply')) })
          }
        >
          在线投诉
        </Button>
      </li>
      <li className={styles.way}>
        <h2>投诉查询</h2>
        <p>凭投诉编号或查询码查询办理进度，签收文书，补充材料，申请撤回。</p>
        <Link to={href('/complaint/search')}>查询投诉办理进度</Link>
      </li>
      <li className={styles.way}>
        <h2>处理结果公开</h2>
        <p>查阅行政监督部门依法公开的投诉处理决定。</p>
        <Link to={href('/complaint/list')}>查看投诉处理结果</Link>
      </li>
      <li className={styles.way}>
        <h2>投诉处理情况</h2>
        <p>本部门收到、受理和处理投诉的件数，按期处理率和办理用时。</p>
        <Link to={href('/complaint/figures')}>查看投诉处理情况</Link>
      </li>
      <li className={styles.way}>
        <h2>意见反馈</h2>
        <p>对投诉办理工作提出意见和建议，查看答复情况。</p>
        <Link to={href('/complaint/feedback')}>提交意见反馈</Link>
      </li>
    </ul>
  )
}

export function ComplaintGuide() {
  const { serviceHotline } = useSiteSettings()
  return (
    <article className="portal-panel">
      <h1 style={{ fontSize: 20, margin: '4px 0 0' }}>投诉须知</h1>
      <p className={styles.intro}>
        依据{COMPLAINT_LEGAL_BASIS.join('、')}
        等规定，投标人和其他利害关系人认为水利工程招标投标活动不符合法律、行政法规规定的，可以通过本平台在线投诉。咨询电话：
        {serviceHotline}。
      </p>
      <WaysIn />
      <div className={styles.guide}>
        {COMPLAINT_GUIDE.map((section) => (
          <section key={section.title}>
            <h2>{section.title}</h2>
            {section.paragraphs.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </section>
        ))}
      </div>
    </article>
  )
}
