import { SectionPlaceholder } from '#app/components/section-placeholder.tsx'
import { PLATFORM_NAME } from '#common/constants.ts'

// spec §2: the online complaint entry stands alone, without the common layout.
export default function ComplaintEntryRoute() {
  return (
    <main style={{ maxWidth: 720, margin: '48px auto', padding: '0 16px' }}>
      <SectionPlaceholder
        title={`${PLATFORM_NAME} · 在线投诉`}
        heading="在线投诉功能正在建设中"
        text="在线投诉受理功能即将开放。如需投诉，请拨打服务热线或前往投诉举报栏目了解办理须知。"
        action={{ label: '查看投诉须知', href: '/complaint/index' }}
      />
    </main>
  )
}
