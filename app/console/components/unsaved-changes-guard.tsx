import { Modal } from 'antd'
import { useEffect } from 'react'
import { useBlocker } from 'react-router'

export function UnsavedChangesGuard({
  hasChanges,
}: {
  hasChanges: () => boolean
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasChanges() && currentLocation.pathname !== nextLocation.pathname,
  )
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (hasChanges()) event.preventDefault()
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [hasChanges])
  return (
    <Modal
      open={blocker.state === 'blocked'}
      title="离开此页？"
      okText="离开，不保存"
      cancelText="留在此页"
      okButtonProps={{ danger: true }}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>表单中有尚未保存的修改，离开后这些修改将丢失。</p>
    </Modal>
  )
}
