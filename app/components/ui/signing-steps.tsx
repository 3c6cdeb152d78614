import { MSG_SIGN_SUCCESS } from '#common/messages.ts'

type Props = { buttonText: string; isSameTab: boolean }

export function SigningSteps({ buttonText, isSameTab }: Props) {
  return isSameTab ? (
    <ol style={{ paddingLeft: 20, margin: '0 0 12px' }}>
      <li>
        点击“{buttonText}
        ”，在本页打开签章页面，核对文件和签章主体后确认签章；
      </li>
      <li>
        签章页面显示“{MSG_SIGN_SUCCESS}
        ”后，点击“返回投诉页面”，填写的内容都会保留。
      </li>
    </ol>
  ) : (
    <ol style={{ paddingLeft: 20, margin: '0 0 12px' }}>
      <li>
        点击“{buttonText}
        ”，在新打开的签章页面核对文件和签章主体并确认签章；
      </li>
      <li>签章页面显示“{MSG_SIGN_SUCCESS}”后回到本页面，点击“确认”。</li>
    </ol>
  )
}
