import { LoadingOutlined } from '@ant-design/icons'
import type { ConfigProviderProps } from 'antd'

/**
 * Every button's busy spinner is hidden from assistive technology: antd's own carries the
 * English name "loading", read as part of the button's name ("loading 确认"), and kept there
 * whenever its leave animation does not finish, as in a tab left for a signing window.
 */
export const BUTTON_CONFIG: ConfigProviderProps['button'] = {
  loadingIcon: <LoadingOutlined aria-hidden="true" />,
}
