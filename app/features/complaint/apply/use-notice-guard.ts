import { useEffect } from 'react'
import { href, useNavigate } from 'react-router'

import {
  hasReadComplaintNotice,
  useComplaintNotice,
} from '#app/features/complaint/complaint-notice.tsx'

/**
 * Opens the complaint notice before filing (spec §4) unless it was confirmed in this session;
 * declining it leads back to the complaint guide.
 */
export function useNoticeGuard() {
  const { openNotice } = useComplaintNotice()
  const navigate = useNavigate()
  // Browser-only work: whether the notice was read lives in sessionStorage.
  useEffect(() => {
    if (hasReadComplaintNotice()) return
    openNotice({
      onConfirm: () => {},
      onCancel: () => navigate(href('/complaint/index')),
    })
  }, [openNotice, navigate])
}
