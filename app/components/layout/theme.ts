import type { ThemeConfig } from 'antd'

export const THEME_SCOPE = 'portal'

// Secondary text is darker than antd's default to meet WCAG AA contrast (4.5:1).
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

// WCAG 2.5.5: controls at least 44 px high; WCAG 1.4.6: text and links at 7:1 or more on white.
// scripts/extract-antd-css.ts writes where it differs from the standard theme into a stylesheet
// that applies under `<html data-display-mode="elder">`.
export const elderTheme: ThemeConfig = {
  ...theme,
  token: {
    ...theme.token,
    motion: false,
    fontSize: 18,
    fontSizeSM: 16,
    controlHeight: 44,
    controlHeightSM: 44,
    controlHeightLG: 52,
    colorPrimary: '#084a8c',
    colorLink: '#084a8c',
    colorLinkHover: '#063a6e',
    colorLinkActive: '#042a4f',
    colorPrimaryHover: '#063a6e',
    colorPrimaryActive: '#042a4f',
    colorText: 'rgba(0, 0, 0, 0.9)',
    colorTextSecondary: 'rgba(0, 0, 0, 0.8)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.78)',
    colorTextDescription: 'rgba(0, 0, 0, 0.78)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.7)',
    colorError: '#a8071a',
    colorBorder: '#8c8c8c',
    // antd would derive grey tints from the darker blue; these keep the standard light blue.
    colorPrimaryBg: '#e6eef7',
    colorPrimaryBgHover: '#cddcee',
    colorPrimaryBorder: '#6f95c2',
  },
  components: {
    // A day is a 44 px square: antd's default cell, 1.5 times as wide, would make a month
    // wider than a phone.
    DatePicker: {
      colorTextDisabled: 'rgba(0, 0, 0, 0.7)',
      cellWidth: 44,
      cellHeight: 44,
    },
    Breadcrumb: {
      linkColor: 'rgba(0, 0, 0, 0.8)',
      separatorColor: 'rgba(0, 0, 0, 0.78)',
      itemColor: 'rgba(0, 0, 0, 0.8)',
    },
  },
}
