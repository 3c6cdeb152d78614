import type { ThemeConfig } from 'antd'

/** The theme's CSS-variable scope: the class antd puts on each component's root element. */
export const THEME_SCOPE = 'portal'

/**
 * The portal's look: the department's blue, plain corners, Chinese system fonts first.
 * Secondary text is darker than antd's default so that it meets WCAG AA contrast (4.5:1).
 */
export const theme: ThemeConfig = {
  // A fixed scope and no hash: the class names the pages render match the pre-built CSS.
  cssVar: { key: THEME_SCOPE },
  hashed: false,
  token: {
    colorPrimary: '#0b5cad',
    colorLink: '#0b5cad',
    // antd derives lighter hover shades (3.4:1 on white); a hovered link or button darkens instead.
    colorLinkHover: '#084a8c',
    colorLinkActive: '#063a6e',
    colorPrimaryHover: '#084a8c',
    colorPrimaryActive: '#063a6e',
    colorTextSecondary: 'rgba(0, 0, 0, 0.68)',
    // antd's #ff4d4f is 3.3:1 on white; form errors must be readable (WCAG AA 4.5:1).
    colorError: '#cf1322',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    borderRadius: 4,
    fontFamily:
      "'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC', system-ui, sans-serif",
  },
  components: {
    // The neighbouring month's days in a date panel are real choices, not disabled ones: antd greys
    // them at 25 % (1.9:1). Disabled days keep their grey background, so they stay distinct.
    DatePicker: { colorTextDisabled: 'rgba(0, 0, 0, 0.55)' },
    Breadcrumb: {
      linkColor: 'rgba(0, 0, 0, 0.68)',
      separatorColor: 'rgba(0, 0, 0, 0.62)',
      itemColor: 'rgba(0, 0, 0, 0.68)',
    },
  },
}
