import type { useAppProps } from 'antd/es/app/context'
import message from 'antd/es/message'
import Modal from 'antd/es/modal'
import notification from 'antd/es/notification'
import { useEffect } from 'react'

// Loaded by AppFeedbackProvider with the first toast or dialog a page asks for.
export default function AppFeedbackHolders({
  onReady,
}: {
  onReady: (feedback: useAppProps) => void
}) {
  const [messageApi, messageHolder] = message.useMessage()
  const [notificationApi, notificationHolder] = notification.useNotification()
  const [modalApi, modalHolder] = Modal.useModal()
  useEffect(() => {
    onReady({
      message: messageApi,
      notification: notificationApi,
      modal: modalApi,
    })
  }, [onReady, messageApi, notificationApi, modalApi])
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  )
}
