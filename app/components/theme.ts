import { type ThemeConfig } from 'antd'

/** The portal's look: the department's blue, plain corners, Chinese system fonts first. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0b5cad',
    colorLink: '#0b5cad',
    borderRadius: 4,
    fontFamily:
      "'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC', system-ui, sans-serif",
  },
}
